import type { CSSProperties } from 'react';

/**
 * The look of the columns' rows as plain styles: hundreds of rows render much faster as plain
 * elements than as Mantine components (bench/lib/web-editor.ts).
 */
export const ROW: CSSProperties = { display: 'flex', gap: 6, alignItems: 'baseline', minWidth: 0 };
/** A name cut short with an ellipsis; its element's title shows it whole on hover. */
export const ROW_TEXT: CSSProperties = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
};
export const NUMBER: CSSProperties = {
  color: 'var(--mantine-color-dimmed)',
  fontFamily: 'var(--mantine-font-family-monospace)',
};
export const DIMMED_SMALL: CSSProperties = {
  ...ROW_TEXT,
  color: 'var(--mantine-color-dimmed)',
  fontSize: 'var(--mantine-font-size-xs)',
};
export const ASTERISK: CSSProperties = { color: 'var(--mantine-color-red-filled)', fontWeight: 700 };
