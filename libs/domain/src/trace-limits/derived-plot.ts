/**
 * Ours: the StepPlot of a step result the runner did not record (runs uploaded before it was
 * recorded), derived from the test's step the result came from (docs/measurements.md, "Limit
 * lines"). Derived only where the step alone says where the lines go: a relative step's reference
 * and a smoothed group delay's aperture were known to the run alone, so those stay without one,
 * and a trace without a StepPlot draws no line.
 */
import { ActionId } from '../catalogue/catalogue';
import type { StepResult } from '../api/results';
import { limitRowOf } from './limit-table';
import type { PlotParam, StepPlot } from './step-plot';
import { stepPlotOf } from './step-plot';

/** A test's step, as far as its results' titles and plots go. */
export interface PlotSourceStep {
  name: string;
  actionId: number;
  param: unknown;
}

/** The title of a step's result row: the step's own title, else its name (the runner's rows). */
export function resultTitleOf(step: { name: string; param: unknown }): string {
  const title = (step.param as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title : step.name;
}

/** The runner's Cable step traces its transmission row alone (apps/cli na-steps.ts). */
const CABLE_TRACED_ROW = ' transmission';

function plotOf(step: PlotSourceStep): StepPlot | undefined {
  const row = limitRowOf(step.actionId);
  if (!row || row.statistic === 'none' || row.relative) return undefined;
  const param = (step.param ?? {}) as PlotParam & { smooth?: number | null };
  if (row.format === 'groupDelay' && (param.smooth ?? 0) > 0) return undefined;
  if (row.format === 'pim') return stepPlotOf(step.actionId, {});
  return stepPlotOf(step.actionId, param);
}

/** The title of the row that carries the step's trace. */
const tracedTitleOf = (step: PlotSourceStep) =>
  resultTitleOf(step) + (step.actionId === ActionId.Cable ? CABLE_TRACED_ROW : '');

/**
 * The results with a StepPlot derived for each traced row that has none, from the test's steps
 * as they were at the run: callers pass them only when the run was made with the test's current
 * version. A title that two steps share names neither.
 */
export function withDerivedPlots(
  results: readonly StepResult[],
  steps: readonly PlotSourceStep[],
): StepResult[] {
  const plotFor = derivedPlots(steps);
  return results.map((result) => {
    if (result.plot || result.isHeader) return result;
    const plot = plotFor(result.title);
    return plot ? { ...result, plot } : result;
  });
}

/**
 * The StepPlot of the traced row titled `title`, from the test's steps (the Capability screen's
 * trace band, which has no run of its own to take one from); none where withDerivedPlots gives none.
 */
export function derivedPlotOf(title: string, steps: readonly PlotSourceStep[]): StepPlot | undefined {
  return derivedPlots(steps)(title);
}

/** A traced row's title to its derived StepPlot; a title that two steps share names neither. */
function derivedPlots(steps: readonly PlotSourceStep[]): (title: string) => StepPlot | undefined {
  const byTitle = new Map<string, PlotSourceStep | null>();
  for (const step of steps) {
    const title = tracedTitleOf(step);
    byTitle.set(title, byTitle.has(title) ? null : step);
  }
  return (title) => {
    const step = byTitle.get(title);
    return step ? plotOf(step) : undefined;
  };
}

/** Whether a run's results lack a StepPlot the test's steps could give. */
export function lacksPlots(results: readonly StepResult[]): boolean {
  return results.some((r) => !r.isHeader && !r.plot);
}
