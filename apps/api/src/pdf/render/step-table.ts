/**
 * The step table of the report (docs/requirements/results.md#screen, the Test Result screen's detail table):
 * Description, Lower, Upper, Value, Unit and the pass/fail mark in the spec's colours (section 9);
 * report headings are full-width section rows. The header row repeats on every page.
 */
import type { StepResult } from '@sweepline/domain';
import { FAIL_COLOR, formatStepValue, PASS_COLOR } from '@sweepline/domain';
import type { Color, TextStyle } from './canvas';
import { hexColor } from './canvas';
import type { Flow } from './flow';
import { LEFT, LIGHT, RIGHT, WIDTH } from './flow';
import { fitText, wrapText } from './layout';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const COLUMNS: Column[] = [
  { title: 'Description', width: 0, align: 'left' },
  { title: 'Lower', width: 62, align: 'right' },
  { title: 'Upper', width: 62, align: 'right' },
  { title: 'Value', width: 72, align: 'right' },
  { title: 'Unit', width: 48, align: 'left' },
  { title: 'Pass/Fail', width: 56, align: 'center' },
];
COLUMNS[0]!.width = WIDTH - COLUMNS.slice(1).reduce((sum, c) => sum + c.width, 0);

const PAD = 4;
const CELL: TextStyle = { size: 8.5 };
const LINE = 10.5;
/** A one-line row; each further line of a wrapped description adds LINE. */
const ROW = 15;
const MAX_DESCRIPTION_LINES = 3;
const HEADING: TextStyle = { size: 9, bold: true };
const HEADING_FILL: Color = [0.88, 0.91, 0.95];
const HEADER_FILL: Color = [0.83, 0.85, 0.88];
const PASS: TextStyle = { size: 8.5, bold: true, color: hexColor(PASS_COLOR) };
const FAIL: TextStyle = { size: 8.5, bold: true, color: hexColor(FAIL_COLOR) };

/** x of a cell's text anchor for its alignment. */
function anchor(left: number, column: Column): number {
  if (column.align === 'right') return left + column.width - PAD;
  if (column.align === 'center') return left + column.width / 2;
  return left + PAD;
}

function drawHeader(flow: Flow): void {
  const { canvas } = flow;
  canvas.rect(LEFT, flow.y - ROW, WIDTH, ROW, HEADER_FILL);
  let x = LEFT;
  for (const column of COLUMNS) {
    canvas.text(anchor(x, column), flow.y - ROW + 4.5, column.title, { size: 8.5, bold: true }, column.align);
    x += column.width;
  }
  flow.y -= ROW;
}

function cells(step: StepResult): string[] {
  return [
    formatStepValue(step.lower, step),
    formatStepValue(step.upper, step),
    formatStepValue(step.value, step),
    step.unit,
  ];
}

/** Draws the table from flow.y on, breaking pages as needed. */
export function drawStepTable(flow: Flow, steps: readonly StepResult[]): void {
  const { canvas } = flow;
  const measure = (style: TextStyle) => (text: string) => canvas.measure(text, style);
  const cellWidth = measure(CELL);
  flow.ensure(ROW * 2);
  drawHeader(flow);
  let striped = false;
  for (const [i, step] of steps.entries()) {
    if (step.isHeader) {
      // keep a heading with the row after it
      const next = steps[i + 1] && !steps[i + 1]!.isHeader ? ROW : 0;
      if (flow.ensure(ROW + 4 + next)) drawHeader(flow);
      canvas.rect(LEFT, flow.y - ROW - 4, WIDTH, ROW + 4, HEADING_FILL);
      const title = fitText(step.title, WIDTH - 2 * PAD, measure(HEADING));
      canvas.text(LEFT + PAD, flow.y - ROW + 0.5, title, HEADING);
      flow.y -= ROW + 4;
      striped = false;
      continue;
    }
    const lines = wrapText(step.title, COLUMNS[0]!.width - 2 * PAD, cellWidth, MAX_DESCRIPTION_LINES);
    const height = ROW + (lines.length - 1) * LINE;
    if (flow.ensure(height)) {
      drawHeader(flow);
      striped = false;
    }
    if (striped) canvas.rect(LEFT, flow.y - height, WIDTH, height, LIGHT);
    striped = !striped;
    const baseline = flow.y - 10.5;
    lines.forEach((line, n) => canvas.text(LEFT + PAD, baseline - n * LINE, line, CELL));
    let x = LEFT + COLUMNS[0]!.width;
    for (const [c, text] of cells(step).entries()) {
      const column = COLUMNS[c + 1]!;
      canvas.text(
        anchor(x, column),
        baseline,
        fitText(text, column.width - 2 * PAD, cellWidth),
        CELL,
        column.align,
      );
      x += column.width;
    }
    const mark = step.result === 1 ? 'Pass' : 'Fail';
    canvas.text(anchor(x, COLUMNS[5]!), baseline, mark, step.result === 1 ? PASS : FAIL, 'center');
    flow.y -= height;
  }
  canvas.line(LEFT, flow.y, RIGHT, flow.y, [0.7, 0.72, 0.75], 0.5);
}
