import { LoadingOverlay } from '@mantine/core';

/** Locks the whole screen while calls run (spec 1 section 2, spec 2 section 2). */
export function FullScreenLoader({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': 'Loading' }}
    />
  );
}
