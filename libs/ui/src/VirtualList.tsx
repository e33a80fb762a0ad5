import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export interface VirtualListProps {
  /** How many rows the list holds. */
  count: number;
  /** Every row's height in pixels: fixed, so the visible rows follow from the scroll position alone. */
  rowHeight: number;
  /** The list's height in pixels. */
  height: number;
  /** Draws row `index`; `style` places it and must be applied to its outer element. */
  renderRow: (index: number, style: CSSProperties) => ReactNode;
  /**
   * Draws what stands beside row `index`, outside the element of `role`: a control that may not
   * sit inside a row of that role (a button beside a listbox's option). `style` places it.
   */
  renderAside?: (index: number, style: CSSProperties) => ReactNode;
  /** The width of the column of `renderAside`, in pixels, right of the rows. */
  asideWidth?: number;
  /** A row to bring into view whenever it changes (the first new or focused row). */
  scrollToIndex?: number;
  /** Rows drawn beyond each edge, so a fast scroll shows no blank band. */
  overscan?: number;
  role?: string;
  'aria-label'?: string;
  'aria-multiselectable'?: boolean;
  'aria-activedescendant'?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** The first and last row to draw for a scroll position (both inclusive; empty when last < first). */
export function visibleRange(
  scrollTop: number,
  height: number,
  rowHeight: number,
  count: number,
  overscan: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { first, last };
}

/**
 * A scrolling list that draws only the rows in view, so 100,000 serial numbers scroll as
 * smoothly as ten: the DOM holds a screenful of rows whatever the count. The rows sit in the
 * element of `role` (focusable, with the ARIA attributes), and the asides in a column beside it,
 * both in one scrolling box so they scroll together.
 */
export function VirtualList({
  count,
  rowHeight,
  height,
  renderRow,
  renderAside,
  asideWidth = 0,
  scrollToIndex,
  overscan = 8,
  onKeyDown,
  ...aria
}: VirtualListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    // only when the row is out of view, as a keyboard user expects
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + height) el.scrollTop = top + rowHeight - height;
    setScrollTop(el.scrollTop);
  }, [scrollToIndex, rowHeight, height]);

  const { first, last } = visibleRange(scrollTop, height, rowHeight, count, overscan);
  const rows: ReactNode[] = [];
  const asides: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const style: CSSProperties = {
      position: 'absolute',
      top: i * rowHeight,
      left: 0,
      right: 0,
      height: rowHeight,
    };
    rows.push(renderRow(i, style));
    if (renderAside) asides.push(renderAside(i, style));
  }
  const aside = renderAside ? asideWidth : 0;
  return (
    <div
      ref={box}
      data-virtual-scroll
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        <div
          tabIndex={0}
          {...aria}
          onKeyDown={onKeyDown}
          style={{ position: 'absolute', top: 0, bottom: 0, left: 0, right: aside, outlineOffset: -2 }}
        >
          {rows}
        </div>
        {renderAside && (
          <div style={{ position: 'absolute', top: 0, bottom: 0, right: 0, width: aside }}>{asides}</div>
        )}
      </div>
    </div>
  );
}
