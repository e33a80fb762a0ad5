import { useMatches } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Wide (Mantine's lg and up), the four columns share the window below the header and each
 * scrolls on its own, so the steps stay in view while a long Align step is edited; the lists and
 * the Step Parameters panel get more room than Products and Tests, whose names are short.
 * Narrower, the columns flow down the page.
 */
export const WIDE_GRID: CSSProperties = {
  // Tests is never narrower than its eight tools (8 x 28 px icons, 4 px apart, and the padding)
  gridTemplateColumns: 'minmax(0, 5fr) minmax(17rem, 5fr) repeat(2, minmax(0, 7fr))',
  // one row of the grid's height, however long a column's content: the column scrolls instead
  gridTemplateRows: 'minmax(0, 1fr)',
  height: 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))',
  // a very low window still shows a few rows of each list
  minHeight: 420,
};

export function useWideEditor(): boolean {
  return useMatches({ base: false, lg: true }, { getInitialValueInEffect: false });
}

/**
 * The size of a column's list: the rest of its column when wide; else as tall as its rows, up to
 * 60% of the window, so a short list leaves no empty box to scroll past on a phone.
 */
export function useListSize(): { height: string } | { maxHeight: string } {
  return useWideEditor() ? { height: '100%' } : { maxHeight: '60vh' };
}
