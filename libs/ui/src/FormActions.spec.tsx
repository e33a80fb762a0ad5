import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormActions } from './FormActions';

function renderInForm() {
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onCancel = jest.fn();
  render(
    <MantineProvider env="test">
      <form onSubmit={onSubmit}>
        <input aria-label="Field" />
        <FormActions submitLabel="Save" onCancel={onCancel} />
      </form>
    </MantineProvider>,
  );
  return { onSubmit, onCancel, user: userEvent.setup() };
}

describe('FormActions', () => {
  it('submits the form with its labelled button and with Enter', async () => {
    const { onSubmit, onCancel, user } = renderInForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByRole('textbox', { name: 'Field' }), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels without submitting', async () => {
    const { onSubmit, onCancel, user } = renderInForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
