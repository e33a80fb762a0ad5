/**
 * A small table of texts across the page (the instruments and calibrations of a run): a shaded
 * header row, repeated on a new page, then rows striped like the step table. Cells are cut with
 * '…' to their column; the column marked `wrap` breaks into up to three lines instead.
 */
import type { TextStyle } from './canvas';
import type { Flow } from './flow';
import { LEFT, LIGHT, RIGHT, WIDTH } from './flow';
import { fitText, wrapText } from './layout';

export interface ListColumn {
  title: string;
  /** Points; one column may be 0: it takes what the others leave. */
  width: number;
  wrap?: boolean;
}

export interface ListCell {
  text: string;
  style?: TextStyle;
}

const PAD = 4;
const CELL: TextStyle = { size: 8.5 };
const HEAD: TextStyle = { size: 8.5, bold: true };
const HEADER_FILL = [0.83, 0.85, 0.88] as const;
const ROW = 15;
const LINE = 10.5;
const MAX_LINES = 3;

function widthsOf(columns: readonly ListColumn[]): number[] {
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  return columns.map((c) => (c.width === 0 ? WIDTH - fixed : c.width));
}

function drawHeader(flow: Flow, columns: readonly ListColumn[], widths: readonly number[]): void {
  flow.canvas.rect(LEFT, flow.y - ROW, WIDTH, ROW, HEADER_FILL);
  let x = LEFT;
  columns.forEach((column, i) => {
    const title = fitText(column.title, widths[i]! - 2 * PAD, (t) => flow.canvas.measure(t, HEAD));
    flow.canvas.text(x + PAD, flow.y - ROW + 4.5, title, HEAD);
    x += widths[i]!;
  });
  flow.y -= ROW;
}

/** Draws the table from flow.y on, breaking pages between rows. */
export function drawListTable(
  flow: Flow,
  columns: readonly ListColumn[],
  rows: readonly (readonly ListCell[])[],
): void {
  const { canvas } = flow;
  const widths = widthsOf(columns);
  flow.ensure(ROW * 2);
  drawHeader(flow, columns, widths);
  rows.forEach((row, r) => {
    const lines = row.map((cell, c) => {
      const style = cell.style ?? CELL;
      const width = widths[c]! - 2 * PAD;
      const measure = (t: string) => canvas.measure(t, style);
      return columns[c]!.wrap
        ? wrapText(cell.text, width, measure, MAX_LINES)
        : [fitText(cell.text, width, measure)];
    });
    const height = ROW + (Math.max(...lines.map((l) => l.length)) - 1) * LINE;
    if (flow.ensure(height)) drawHeader(flow, columns, widths);
    if (r % 2 === 1) canvas.rect(LEFT, flow.y - height, WIDTH, height, LIGHT);
    let x = LEFT;
    row.forEach((cell, c) => {
      lines[c]!.forEach((line, n) =>
        canvas.text(x + PAD, flow.y - 10.5 - n * LINE, line, cell.style ?? CELL),
      );
      x += widths[c]!;
    });
    flow.y -= height;
  });
  canvas.line(LEFT, flow.y, RIGHT, flow.y, [0.7, 0.72, 0.75], 0.5);
}
