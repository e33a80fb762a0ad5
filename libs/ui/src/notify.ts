import { notifications } from '@mantine/notifications';
import { TIMES_MS } from '@sweepline/domain';

/** An info toast for the spec's toast time (3 s; docs/requirements/shell-and-navigation.md#timings), or another ('Copied': 1 s). */
export function notifyInfo(message: string, autoClose: number = TIMES_MS.toast): void {
  notifications.show({ message, color: 'blue', autoClose });
}

/** A red message for 5 s with a close button (docs/requirements/identity.md#failures: log-in, login state, log-out). */
export function notifyError(message: string): void {
  notifications.show({
    message,
    color: 'red',
    autoClose: TIMES_MS.errorMessage,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close' },
  });
}
