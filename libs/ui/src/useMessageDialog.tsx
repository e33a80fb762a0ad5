import { useState } from 'react';
import { MessageDialog } from './MessageDialog';

interface Shown {
  title: string;
  message: string;
  ok: boolean;
}

/**
 * A result dialog of a form: `show` opens it; closing it calls `onClose` with whether it told of
 * a success (forms then go home or back).
 */
export function useMessageDialog(onClose: (ok: boolean) => void) {
  const [shown, setShown] = useState<Shown>();
  return {
    show: (title: string, message: string, ok: boolean) => setShown({ title, message, ok }),
    dialog: (
      <MessageDialog
        opened={shown !== undefined}
        title={shown?.title ?? ''}
        message={shown?.message ?? ''}
        onClose={() => {
          setShown(undefined);
          onClose(shown?.ok ?? false);
        }}
      />
    ),
  };
}
