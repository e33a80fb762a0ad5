import { useEffect, useState } from 'react';

/** Whether to draw a dialog at all, and the `opened` to give Mantine's Modal or Drawer. */
export interface OpenedOnce {
  mounted: boolean;
  opened: boolean;
}

/**
 * A dialog drawn from the first time it opens (issue 43). Mantine's Modal and Drawer mount a
 * portal even while closed, and the portal's mount sets state in a layout effect: each closed
 * dialog of a screen (/sn has four, the shell its burger menu) added a synchronous render to the
 * first load's longest task. Once opened the dialog stays mounted, so its closing transition
 * plays. On that first opening it is mounted closed and opened one render later: Mantine notes
 * the element to give the focus back to when `opened` changes, not when it mounts opened.
 */
export function useOpenedOnce(opened: boolean): OpenedOnce {
  const [mounted, setMounted] = useState(opened);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  return { mounted: mounted || opened, opened: opened && mounted };
}
