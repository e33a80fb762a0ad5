import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { VirtualList, visibleRange } from './VirtualList';

describe('VirtualList', () => {
  it('draws the rows in view and a few beyond', () => {
    expect(visibleRange(0, 100, 20, 1000, 2)).toEqual({ first: 0, last: 7 });
    expect(visibleRange(2000, 100, 20, 1000, 2)).toEqual({ first: 98, last: 107 });
    expect(visibleRange(19_900, 100, 20, 1000, 2)).toEqual({ first: 993, last: 999 });
    expect(visibleRange(0, 100, 20, 0, 2).last).toBe(-1);
  });

  it('holds a screenful of rows in the DOM however long the list, following the scroll', () => {
    render(
      <MantineProvider>
        <VirtualList
          role="listbox"
          aria-label="Numbers"
          count={100_000}
          rowHeight={20}
          height={100}
          overscan={2}
          renderRow={(i, style) => (
            <div key={i} role="option" aria-selected={false} style={style}>
              Row {i}
            </div>
          )}
        />
      </MantineProvider>,
    );
    const list = screen.getByRole('listbox', { name: 'Numbers' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Row ${i}`),
    );
    // the rows scroll in the box around the listbox, with the asides beside it
    const scroller = list.closest<HTMLElement>('[data-virtual-scroll]')!;
    act(() => {
      scroller.scrollTop = 20 * 50_000;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Row 49998');
    expect(screen.getByText('Row 50004').style.top).toBe(`${20 * 50_004}px`);
  });

  it('draws the asides of the rows in view beside the element of the role, not inside it', () => {
    render(
      <VirtualList
        role="listbox"
        aria-label="Numbers"
        count={1000}
        rowHeight={20}
        height={100}
        overscan={0}
        asideWidth={30}
        renderRow={(i, style) => (
          <div key={i} role="option" aria-selected={false} style={style}>
            Row {i}
          </div>
        )}
        renderAside={(i, style) => (
          <button key={i} type="button" style={style}>
            Copy {i}
          </button>
        )}
      />,
    );
    const list = screen.getByRole('listbox', { name: 'Numbers' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(Array.from({ length: 6 }, (_, i) => `Copy ${i}`));
    expect(buttons.some((b) => list.contains(b))).toBe(false);
    expect(list.style.right).toBe('30px');
  });

  it('brings a row asked for into view', () => {
    const { rerender } = render(
      <VirtualList
        count={1000}
        rowHeight={20}
        height={100}
        renderRow={(i, style) => (
          <div key={i} style={style}>
            Row {i}
          </div>
        )}
      />,
    );
    rerender(
      <VirtualList
        count={1000}
        rowHeight={20}
        height={100}
        scrollToIndex={500}
        renderRow={(i, style) => (
          <div key={i} style={style}>
            Row {i}
          </div>
        )}
      />,
    );
    expect(screen.getByText('Row 500')).toBeInTheDocument();
  });
});
