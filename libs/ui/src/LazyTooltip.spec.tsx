import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { LazyTooltip } from './LazyTooltip';

/** A button that counts its clicks, so a re-created element (state lost) would show. */
function Counter() {
  const [clicks, setClicks] = useState(0);
  return (
    <LazyTooltip label="Add product" openDelay={300}>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {`clicked ${clicks}`}
      </button>
    </LazyTooltip>
  );
}

function renderCounter() {
  render(
    <MantineProvider env="test">
      <Counter />
    </MantineProvider>,
  );
  return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}

describe('LazyTooltip', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows its label only after the pointer rests on the element for the delay', async () => {
    const user = renderCounter();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(screen.getByRole('button'));
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Add product');
  });

  it('hides when the pointer leaves, and never shows for a pass shorter than the delay', async () => {
    const user = renderCounter();
    const button = screen.getByRole('button');
    await user.hover(button);
    act(() => jest.advanceTimersByTime(300));
    await user.unhover(button);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(button);
    act(() => jest.advanceTimersByTime(100));
    await user.unhover(button);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps the element (and its state and handlers) while the tooltip comes and goes', async () => {
    const user = renderCounter();
    const button = screen.getByRole('button');
    await user.click(button);
    act(() => jest.advanceTimersByTime(300));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.click(button);
    expect(screen.getByRole('button')).toBe(button);
    expect(button).toHaveTextContent('clicked 2');
  });
});
