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
 * smoothly as ten: the DOM holds a screenful of rows whatever the count.
 */
export function VirtualList({
  count,
  rowHeight,
  height,
  renderRow,
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
  for (let i = first; i <= last; i++) {
    rows.push(
      renderRow(i, { position: 'absolute', top: i * rowHeight, left: 0, right: 0, height: rowHeight }),
    );
  }
  return (
    <div
      ref={box}
      tabIndex={0}
      {...aria}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{ height, overflowY: 'auto', position: 'relative', outlineOffset: -2 }}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
