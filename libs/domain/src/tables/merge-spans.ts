/**
 * Vertical cell merging for the back-office tables (docs/requirements/back-office-and-billing.md):
 * - Bill: mergeSpans(rows, ['productName']): equal consecutive products share one cell;
 * - Usage: mergeSpans(rows, [date, account, product, test]): hierarchical, so a cell of column k
 *   merges only within the merged cell of column k-1 (the same product under two accounts is
 *   two cells). Pass a key that identifies the account (name and manager e-mail), not the name.
 *
 * Returns spans[column][row]: n >= 1 for the top cell of a run of n rows, 0 for a covered cell
 * (the value of an HTML rowSpan, where 0 means "do not render"). Values are compared with ===.
 */
export function mergeSpans<T extends object>(rows: readonly T[], columns: readonly (keyof T)[]): number[][] {
  const spans: number[][] = [];
  let breaks = rows.map((_, i) => i === 0); // row i starts a new cell in the parent column
  for (const column of columns) {
    breaks = rows.map((row, i) => {
      const above = rows[i - 1];
      return breaks[i] === true || above === undefined || row[column] !== above[column];
    });
    spans.push(spansFromBreaks(breaks));
  }
  return spans;
}

function spansFromBreaks(breaks: readonly boolean[]): number[] {
  const spans = breaks.map(() => 0);
  let top = 0;
  breaks.forEach((isBreak, i) => {
    if (isBreak) top = i;
    spans[top] = (spans[top] ?? 0) + 1;
  });
  return spans;
}
