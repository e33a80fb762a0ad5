import { notifications } from '@mantine/notifications';
import { TIMES_MS } from '@sweepline/domain';
import { notifyError, notifyInfo } from './notify';

describe('messages (docs/requirements/test-editor.md#limits, docs/requirements/errors-and-envelope.md#client-side-errors)', () => {
  it('shows info toasts for 3 s', () => {
    const show = jest.spyOn(notifications, 'show').mockReturnValue('id');
    notifyInfo('No user selected');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'No user selected', autoClose: 3_000 }),
    );
    expect(TIMES_MS.toast).toBe(3_000);
  });

  it('shows errors in red for 5 s with a close button', () => {
    const show = jest.spyOn(notifications, 'show').mockReturnValue('id');
    notifyError('No internet');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'No internet',
        color: 'red',
        autoClose: 5_000,
        withCloseButton: true,
      }),
    );
  });
});
