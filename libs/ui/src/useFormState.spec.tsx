import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { textField, useFormState, type Rules } from './useFormState';

interface Values {
  first: string;
  second: string;
}

const RULES: Rules<Values> = {
  first: (first) => (first ? undefined : 'Enter the first'),
  second: (second, values) => (second === values.first ? undefined : 'Not the same'),
};

let valid: boolean | undefined;

function Form() {
  const form = useFormState<Values>({ first: '', second: '' }, RULES, { first: ['second'] });
  return (
    <MantineProvider env="test">
      <TextInput label="First" {...textField(form, 'first')} />
      <TextInput label="Second" {...textField(form, 'second')} />
      <button onClick={() => (valid = form.validate())}>Check</button>
      <button onClick={form.reset}>Reset</button>
    </MantineProvider>
  );
}

describe('useFormState', () => {
  it('checks a field on change and on blur', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('textbox', { name: 'First' }));
    await user.tab();
    expect(screen.getByText('Enter the first')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'a');
    expect(screen.queryByText('Enter the first')).not.toBeInTheDocument();
  });

  it('checks a dependent field again only once it was checked', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'a');
    expect(screen.queryByText('Not the same')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Second' }), 'a');
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'b');
    expect(screen.getByText('Not the same')).toBeInTheDocument();
  });

  it('checks everything at once, and resets values and messages', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByRole('textbox', { name: 'Second' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(valid).toBe(false);
    expect(screen.getByText('Enter the first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveValue('');
    expect(screen.queryByText('Enter the first')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'same');
    await user.type(screen.getByRole('textbox', { name: 'Second' }), 'same');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(valid).toBe(true);
  });
});
