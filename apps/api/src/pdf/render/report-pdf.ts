/**
 * The PDF report of one run (issue 5, "Results and PDF"): a header naming the unit, the test and
 * the outcome; the step table; what measured the run (issue 40); then per step its trace plot and
 * screenshots; "Page n of m" on every page. A4, the standard Helvetica fonts (nothing to embed),
 * every image embedded once.
 */
import {
  FAIL_COLOR,
  formatDateTime,
  madeWithOlderRelease,
  olderReleaseNote,
  ORIGIN_MSG,
  runReleaseLine,
  testVersionLabel,
  verdictColor,
  verdictLabel,
} from '@sweepline/domain';
import type { TextStyle } from './canvas';
import { Canvas, hexColor } from './canvas';
import type { Figure } from './figures';
import { drawFigures, firstBlockHeight } from './figures';
import { Flow, GREY, LEFT, ORANGE, RIGHT, RULE, TOP, WIDTH } from './flow';
import { embedScreenshot } from './images';
import { drawOriginSection } from './origin-section';
import { fitText, formatZoneOffset } from './layout';
import type { ReportPdfData } from './report-data';
import { drawStepTable } from './step-table';
import { deflatePageContents } from './deflate-contents';

const LABEL: TextStyle = { size: 8.5, color: GREY };
const VALUE: TextStyle = { size: 10 };
const FOOTER: TextStyle = { size: 7.5, color: GREY };
/** The header's labels' column. */
const LABEL_WIDTH = 66;

/** The footer's short name of what the run ran: 'Release 7', or 'Test version 3' before releases. */
function ranLabel(data: ReportPdfData): string {
  return data.release ? `Release ${data.release.no}` : testVersionLabel(data.seqVersion);
}

/**
 * The release line across the page, under the header's pairs (a note is too long for a pair):
 * 'Release 7 · 2025-11-22 · note', and in orange when the test has a newer release.
 */
function releaseLines(canvas: Canvas, data: ReportPdfData, y: number): number {
  const width = WIDTH - LABEL_WIDTH;
  const fit = (text: string, style: TextStyle) => fitText(text, width, (t) => canvas.measure(t, style));
  canvas.text(LEFT, y, 'Made with', LABEL);
  canvas.text(LEFT + LABEL_WIDTH, y, fit(runReleaseLine(data, data.zoneOffset), VALUE), VALUE);
  if (!madeWithOlderRelease(data.release)) return y - 16;
  const older: TextStyle = { ...VALUE, bold: true, color: ORANGE };
  canvas.text(LEFT + LABEL_WIDTH, y - 14, fit(olderReleaseNote(data.release), older), older);
  return y - 30;
}

/** ORIGIN_MSG.measuredOverdue in bold red across the page, for a run the account let measure so. */
function overdueLine(canvas: Canvas, data: ReportPdfData, y: number): number {
  if (!data.origin.measuredOverdue) return y;
  const style: TextStyle = { ...VALUE, bold: true, color: hexColor(FAIL_COLOR) };
  canvas.text(
    LEFT,
    y,
    fitText(ORIGIN_MSG.measuredOverdue, WIDTH, (t) => canvas.measure(t, style)),
    style,
  );
  return y - 16;
}

function header(flow: Flow, data: ReportPdfData): void {
  const { canvas } = flow;
  const title: TextStyle = { size: 17, bold: true };
  canvas.text(LEFT, TOP - 14, 'Test Report', title);
  const verdict: TextStyle = { size: 17, bold: true, color: hexColor(verdictColor(data.result)) };
  canvas.text(RIGHT, TOP - 14, verdictLabel(data.result), verdict, 'right');
  canvas.line(LEFT, TOP - 24, RIGHT, TOP - 24, RULE, 0.8);
  const start = `${formatDateTime(data.startTime.getTime(), data.zoneOffset)} ${formatZoneOffset(data.zoneOffset)}`;
  const pairs: [string, string][] = [
    ['Product', data.productName],
    ['Serial number', data.sn],
    ['Model', data.model || '-'],
    ['Test', data.testName],
    ['Stage-test', `${data.stageNo}-${data.testNo}`],
    ['Run', String(data.runNo)],
    ['Operator', data.operator],
    ['Start time', start],
  ];
  const half = WIDTH / 2;
  let y = TOP - 42;
  for (const [i, [label, value]] of pairs.entries()) {
    const x = LEFT + (i % 2) * half;
    canvas.text(x, y, label, LABEL);
    const fitted = fitText(value, half - LABEL_WIDTH - 10, (t) => canvas.measure(t, VALUE));
    canvas.text(x + LABEL_WIDTH, y, fitted, i === 1 || i === 3 ? { ...VALUE, bold: true } : VALUE);
    if (i % 2 === 1) y -= 16;
  }
  // an odd last pair ends a row of its own: the rule goes under it, not through it
  if (pairs.length % 2 === 1) y -= 16;
  y = releaseLines(canvas, data, y);
  y = overdueLine(canvas, data, y);
  canvas.line(LEFT, y + 6, RIGHT, y + 6, RULE, 0.8);
  flow.y = y - 8;
}

function runningHeader(data: ReportPdfData) {
  return (flow: Flow) => {
    const style: TextStyle = { size: 8.5, color: GREY };
    const left = `${data.sn}  ·  ${data.testName}  ·  Run ${data.runNo}`;
    flow.canvas.text(
      LEFT,
      TOP - 8,
      fitText(left, WIDTH - 90, (t) => flow.canvas.measure(t, style)),
      style,
    );
    flow.canvas.text(
      RIGHT,
      TOP - 8,
      verdictLabel(data.result),
      { ...style, bold: true, color: hexColor(verdictColor(data.result)) },
      'right',
    );
    flow.canvas.line(LEFT, TOP - 14, RIGHT, TOP - 14, RULE, 0.5);
    flow.y = TOP - 22;
  };
}

function footers(canvas: Canvas, data: ReportPdfData): void {
  const count = canvas.pages.length;
  // every page names the release too: a printed page may travel on its own
  const left = fitText(
    `${data.productName}  ·  ${data.sn}  ·  ${data.testName}  ·  ${ranLabel(data)}`,
    WIDTH - 80,
    (t) => canvas.measure(t, FOOTER),
  );
  for (let i = 0; i < count; i++) {
    canvas.usePage(i);
    canvas.text(LEFT, 28, left, FOOTER);
    canvas.text(RIGHT, 28, `Page ${i + 1} of ${count}`, FOOTER, 'right');
  }
  canvas.flush();
}

/** Step indexes with a trace or a screenshot, in step order, with their embedded images. */
async function figuresOf(canvas: Canvas, data: ReportPdfData): Promise<Figure[]> {
  const byStep = new Map<number, Figure>();
  const figure = (stepIndex: number) => {
    let f = byStep.get(stepIndex);
    if (!f) byStep.set(stepIndex, (f = { stepIndex, images: [] }));
    return f;
  };
  for (const trace of data.traces) if (trace.freqs_MHz.length > 0) figure(trace.stepIndex).trace = trace;
  const images = await Promise.all(
    data.screenshots.map((s) => embedScreenshot(canvas.doc, s.contentType, s.data)),
  );
  data.screenshots.forEach((s, i) =>
    figure(s.stepIndex).images.push({ fileName: s.fileName, image: images[i] }),
  );
  return [...byStep.values()].sort((a, b) => a.stepIndex - b.stepIndex);
}

export async function renderReportPdf(data: ReportPdfData): Promise<Uint8Array> {
  const canvas = await Canvas.create();
  const { doc } = canvas;
  doc.setTitle(`${data.sn} ${data.testName}`);
  doc.setSubject(`Test report: ${data.productName}, ${data.sn}, ${data.testName}, run ${data.runNo}`);
  doc.setProducer('Sweepline');
  doc.setCreator('Sweepline');
  const flow = new Flow(canvas, runningHeader(data));
  canvas.addPage();
  header(flow, data);
  drawStepTable(flow, data.steps);
  drawOriginSection(flow, data.origin, data.zoneOffset);
  const figures = await figuresOf(canvas, data);
  if (figures.length > 0) {
    flow.y -= 18;
    // the heading goes with the first figure, never alone at a page's foot
    flow.ensure(24 + firstBlockHeight(figures[0]!));
    canvas.text(LEFT, flow.y - 12, 'Traces and screenshots', { size: 11, bold: true });
    flow.y -= 24;
    drawFigures(flow, data.steps, figures);
  }
  footers(canvas, data);
  deflatePageContents(doc);
  return doc.save({ useObjectStreams: false });
}
