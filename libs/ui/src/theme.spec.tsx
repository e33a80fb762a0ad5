import { MantineProvider, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sweeplineTheme } from './theme';

function renderSelect() {
  render(
    <MantineProvider env="test" theme={sweeplineTheme}>
      <Select label="Product" data={['Coupler', 'Filter']} defaultValue="Coupler" />
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('sweeplineTheme', () => {
  it("draws a select's options only while its list is open (issue 43: no hidden list on a first load)", async () => {
    const user = renderSelect();
    expect(screen.queryByRole('option', { hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Product' })).not.toHaveAttribute('aria-controls');

    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Filter' }));

    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue('Filter');
    expect(screen.queryByRole('option', { hidden: true })).not.toBeInTheDocument();
  });
});
