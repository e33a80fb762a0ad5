import { useMessageDialog, type FormState } from '@sweepline/ui';
import { reportFailure } from './api-client';

export interface ResultSubmitOptions {
  /** The API call the form makes once every rule passes. */
  call: () => Promise<unknown>;
  success: { title: string; message: string };
  failureTitle: string;
  /** Where the page goes when its dialog closes; `ok` tells whether it told of a success. */
  onClose: (ok: boolean) => void;
  /** docs/requirements/identity.md#failures resets the form after a failure, but for Reset Password, which goes home. */
  resetOnFailure?: boolean;
}

/**
 * The submit of an account form whose outcome a dialog tells (docs/requirements/identity.md#failures: sign-up,
 * forgotten, reset and change password): checked first, then called, the form reset on failure.
 */
export function useResultSubmit<V>(form: FormState<V>, options: ResultSubmitOptions) {
  const { call, success, failureTitle, onClose, resetOnFailure = true } = options;
  const result = useMessageDialog(onClose);
  const submit = async () => {
    if (!form.validate()) return;
    try {
      await call();
      result.show(success.title, success.message, true);
    } catch (error) {
      if (resetOnFailure) form.reset();
      reportFailure(error, (message) => result.show(failureTitle, message, false));
    }
  };
  return { submit, dialog: result.dialog };
}
