import { Table } from '@mantine/core';
import { mergeSpans } from '@sweepline/domain';
import type { ReactNode } from 'react';

export interface MergedColumn<T> {
  header: string;
  /** The value compared for merging (when `merge`) and shown unless `render` is given. */
  value: (row: T) => string | number;
  render?: (row: T) => ReactNode;
  /** Equal consecutive values share one cell, within the merged cells of earlier merged columns. */
  merge?: boolean;
}

export interface MergedCellTableProps<T> {
  label: string;
  columns: readonly MergedColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** A last row (the bill's summary), not merged. */
  footer?: ReactNode;
  /** What one row across the columns says when there are no rows: the headers stay in place. */
  empty?: ReactNode;
  /** Scroll height, with the header kept in view. */
  maxHeight?: number | string;
}

/**
 * A table whose merged columns join equal consecutive cells vertically (docs/requirements/back-office-and-billing.md: the
 * back office's bill and usage), with the hierarchical rule of `mergeSpans` of the domain.
 */
export function MergedCellTable<T>({
  label,
  columns,
  rows,
  rowKey,
  footer,
  empty,
  maxHeight,
}: MergedCellTableProps<T>) {
  const merged = columns.filter((c) => c.merge);
  const keyed = rows.map((row) => merged.map((c) => c.value(row)));
  const spans = mergeSpans(
    keyed,
    merged.map((_, i) => i),
  );
  const spanOf = (column: MergedColumn<T>, row: number): number => {
    const k = merged.indexOf(column);
    return k < 0 ? 1 : (spans[k]?.[row] ?? 1);
  };
  const table = (
    <Table aria-label={label} withTableBorder withColumnBorders stickyHeader={maxHeight !== undefined}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header}>{c.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={rowKey(row, i)}>
            {columns.map((c) => {
              const span = spanOf(c, i);
              if (span === 0) return null;
              return (
                <Table.Td
                  key={c.header}
                  rowSpan={span > 1 ? span : undefined}
                  style={{ verticalAlign: 'top' }}
                >
                  {c.render ? c.render(row) : c.value(row)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
        {rows.length === 0 && empty !== undefined && (
          <Table.Tr>
            <Table.Td colSpan={columns.length} c="dimmed">
              {empty}
            </Table.Td>
          </Table.Tr>
        )}
        {footer}
      </Table.Tbody>
    </Table>
  );
  return maxHeight === undefined ? (
    table
  ) : (
    // a table of text has nothing to focus: the scrolled area itself takes the focus, so the
    // arrow keys scroll it without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable)
    <Table.ScrollContainer
      minWidth={480}
      maxHeight={maxHeight}
      scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
    >
      {table}
    </Table.ScrollContainer>
  );
}
