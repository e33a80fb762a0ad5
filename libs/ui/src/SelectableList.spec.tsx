import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SelectableList } from './SelectableList';

const ITEMS = [
  { id: 1, name: 'Prompt' },
  { id: 2, name: 'Delay' },
  { id: 3, name: 'Header' },
];

/** The list with its selection kept, as a column keeps it. */
function Column() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return (
    <SelectableList
      label="Test Steps"
      items={ITEMS}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.name}
      renderItem={(item) => item.name}
      selected={selected}
      onSelect={(key) => setSelected(new Set([key]))}
    />
  );
}

describe('SelectableList', () => {
  let scrolled: string[];
  beforeEach(() => {
    scrolled = [];
    jest.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.getAttribute('aria-label') ?? '');
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('selects a clicked option without scrolling (it is in view), and scrolls to one the keys select', async () => {
    render(
      <MantineProvider env="test">
        <Column />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('option', { name: 'Delay' }));
    expect(screen.getByRole('option', { name: 'Delay' })).toHaveAttribute('aria-selected', 'true');
    expect(scrolled).toEqual([]);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Header' })).toHaveAttribute('aria-selected', 'true');
    expect(scrolled).toEqual(['Header']);
    await user.keyboard('{ArrowUp}');
    expect(scrolled).toEqual(['Header', 'Delay']);
  });
});
