import { useMessageDialog } from '@sweepline/ui';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { TEXTS } from '../../app/texts';

/**
 * A back-office table's data: `load` runs a call and keeps its answer; a failure shows the modal
 * error alert of spec 2 section 8 (the loading overlay is the shell's, cleared with the call).
 */
export function useBackOfficeLoad<T>() {
  const [rows, setRows] = useState<T[]>();
  const errors = useMessageDialog(() => undefined);
  const load = (call: () => Promise<T[]>) =>
    call().then(setRows, (error: unknown) => reportFailure(error, (m) => errors.show(TEXTS.error, m, false)));
  return { rows, load, dialog: errors.dialog };
}
