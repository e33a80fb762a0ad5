/**
 * The figures of the report, step by step: the trace plot of a step and its instrument
 * screenshots, under a caption naming the step (with its section heading) and its mark.
 */
import type { StepResult, TraceData } from '@sweepline/domain';
import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';
import type { TextStyle } from './canvas';
import { hexColor } from './canvas';
import type { Flow } from './flow';
import { GREY, LEFT, RIGHT, WIDTH } from './flow';
import type { EmbeddedImage } from './images';
import { fitText } from './layout';
import { drawTracePlot, MAX_PLOT_HEIGHT } from './trace-plot';

export interface Figure {
  stepIndex: number;
  trace?: TraceData;
  images: { fileName: string; image?: EmbeddedImage }[];
}

const CAPTION: TextStyle = { size: 9.5, bold: true };
const CAPTION_HEIGHT = 18;
const GAP = 14;
const MAX_IMAGE_HEIGHT = 330;
const NOTE: TextStyle = { size: 8, color: GREY };
const NOTE_HEIGHT = 12;

/** The section heading a step result falls under, if any. */
function sectionOf(steps: readonly StepResult[], index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) if (steps[i]!.isHeader) return steps[i]!.title;
  return undefined;
}

function caption(flow: Flow, steps: readonly StepResult[], stepIndex: number, continued = false): void {
  const { canvas } = flow;
  const step = steps[stepIndex];
  const section = sectionOf(steps, stepIndex);
  const name = `${section ? `${section} / ` : ''}${step?.title ?? `Step result ${stepIndex}`}`;
  const title = continued ? `${name} (continued)` : name;
  const mark = step && !step.isHeader ? (step.result === 1 ? 'Pass' : 'Fail') : '';
  const markWidth = mark ? canvas.measure(mark, CAPTION) + 8 : 0;
  canvas.text(
    LEFT,
    flow.y - 11,
    fitText(title, WIDTH - markWidth, (t) => canvas.measure(t, CAPTION)),
    CAPTION,
  );
  if (mark) {
    const color = hexColor(mark === 'Pass' ? PASS_COLOR : FAIL_COLOR);
    canvas.text(RIGHT, flow.y - 11, mark, { ...CAPTION, color }, 'right');
  }
  flow.y -= CAPTION_HEIGHT;
}

/** An image's size on the page: the content width at most, never enlarged past 1 px = 1 pt. */
function fitted(image: EmbeddedImage): { w: number; h: number } {
  const scale = Math.min(1, WIDTH / image.width, MAX_IMAGE_HEIGHT / image.height);
  return { w: image.width * scale, h: image.height * scale };
}

/** The height of a figure's caption and first block (its plot, or its first screenshot): kept together. */
export function firstBlockHeight(figure: Figure): number {
  const first = figure.images[0]?.image;
  const firstHeight = figure.trace ? MAX_PLOT_HEIGHT : (first ? fitted(first).h : 0) + NOTE_HEIGHT;
  return CAPTION_HEIGHT + firstHeight + GAP;
}

export function drawFigures(flow: Flow, steps: readonly StepResult[], figures: readonly Figure[]): void {
  const { canvas } = flow;
  for (const figure of figures) {
    flow.ensure(firstBlockHeight(figure));
    caption(flow, steps, figure.stepIndex);
    if (figure.trace) {
      flow.y -= drawTracePlot(canvas, flow.y, figure.trace, steps[figure.stepIndex]) + GAP;
    }
    for (const { fileName, image } of figure.images) {
      if (!image) {
        flow.ensure(NOTE_HEIGHT + GAP);
        canvas.text(
          LEFT,
          flow.y - 9,
          fitText(`Screenshot ${fileName} could not be read`, WIDTH, (t) => canvas.measure(t, NOTE)),
          NOTE,
        );
        flow.y -= NOTE_HEIGHT + GAP;
        continue;
      }
      const { w, h } = fitted(image);
      // a screenshot pushed to the next page keeps its caption
      if (flow.ensure(h + NOTE_HEIGHT + GAP)) caption(flow, steps, figure.stepIndex, true);
      canvas.image(image, LEFT + (WIDTH - w) / 2, flow.y - h, w, h);
      canvas.text(
        LEFT + (WIDTH - w) / 2,
        flow.y - h - 9,
        fitText(fileName, w, (t) => canvas.measure(t, NOTE)),
        NOTE,
      );
      flow.y -= h + NOTE_HEIGHT + GAP;
    }
  }
}
