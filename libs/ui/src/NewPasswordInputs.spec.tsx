import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewPasswordInputs, type NewPasswordValues } from './NewPasswordInputs';
import { useFormState, type Rules } from './useFormState';

const RULES: Rules<NewPasswordValues> = {
  confirm: (confirm, values) => (confirm === values.password ? undefined : 'Not the same'),
};

function Form() {
  const form = useFormState<NewPasswordValues>({ password: '', confirm: '' }, RULES);
  return (
    <MantineProvider env="test">
      <NewPasswordInputs form={form} label="New password" confirmLabel="Confirm password" />
    </MantineProvider>
  );
}

const field = (label: RegExp) => screen.getByLabelText(label);

describe('NewPasswordInputs', () => {
  it('asks for the password twice, as a new one, into the form', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(field(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(field(/^Confirm password/)).toHaveAttribute('autocomplete', 'new-password');
    await user.type(field(/^New password/), 'secret123');
    await user.type(field(/^Confirm password/), 'secret12');
    expect(screen.getByText('Not the same')).toBeInTheDocument();
    await user.type(field(/^Confirm password/), '3');
    expect(screen.queryByText('Not the same')).not.toBeInTheDocument();
    expect(field(/^New password/)).toHaveValue('secret123');
  });
});
