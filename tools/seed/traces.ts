/**
 * The demo's traces, stored as the runner stores them: the analyzer's data (|S21| in dB, |S11| in
 * dB, phase in degrees), not the step's quantity (docs/seed.md, "Traces"). Each is drawn from the
 * run's own value, so its step's statistic over the band is that value: with the StepPlot the
 * test's step gives, a failing unit's trace crosses its limit line on the failing side
 * (docs/measurements.md, "Limit lines").
 */
import type { LimitStatistic, StepResult } from '@sweepline/domain';
import { limitRowOf, storedTrace } from '@sweepline/domain';

/** A ripple from 0 to 1 over the band, 2.5 periods: 0 at the start, 1 at the end. */
const rippleAt = (x: number) => (1 - Math.cos(2 * Math.PI * 2.5 * x)) / 2;

/**
 * An every-point step's worst point is the value: its largest by the nearer limit, or its
 * smallest; the ripple stays short of the other limit, so a passing unit passes it too.
 */
function everyPoint(row: StepResult, value: number, ripple: number[], depth: number): number[] {
  const { lower, upper } = row as { lower: number | null; upper: number | null };
  const nearUpper =
    upper !== null ? lower === null || Math.abs(upper - value) <= Math.abs(value - lower) : lower === null;
  const far = nearUpper ? lower : upper;
  const d = far === null ? depth : Math.min(depth, Math.abs(far - value) / 2);
  return ripple.map((r) => (nearUpper ? value - d * r : value + d * r));
}

/**
 * The quantity along the band whose statistic is the row's value: its largest point for a
 * maximum, its smallest for a minimum, its mean for an average, its peak to peak for a variation
 * (riding at the value itself, each rise in a fifth of the band, inside a Cross window), its
 * worst point for an every-point step.
 */
function quantityOf(statistic: LimitStatistic, row: StepResult, ripple: number[], depth: number): number[] {
  const value = row.value as number;
  switch (statistic) {
    case 'max':
      return ripple.map((r) => value - depth * r);
    case 'min':
      return ripple.map((r) => value + depth * r);
    case 'average': {
      const mean = ripple.reduce((s, r) => s + r, 0) / ripple.length;
      return ripple.map((r) => value + depth * (r - mean));
    }
    case 'variation':
    case 'crossVariation':
      return ripple.map((r) => value + value * r);
    default:
      return everyPoint(row, value, ripple, depth);
  }
}

/**
 * The stored trace of `points` over the step's band for a run's row of the step's action. An
 * action without a row in the limit table keeps the row's quantity as it is.
 */
export function traceOf(
  row: StepResult,
  actionId: number,
  band: [number, number],
  points = 201,
  /** How deep this unit's ripple is, relative to the usual (units differ). */
  depthFactor = 1,
): { freqs: number[]; values: number[] } {
  const depth = (Math.abs(row.value as number) * 0.08 + 0.05) * depthFactor;
  const xs = Array.from({ length: points }, (_, i) => i / (points - 1));
  const freqs = xs.map((x) => band[0] + (band[1] - band[0]) * x);
  const limitRow = limitRowOf(actionId);
  const quantity = quantityOf(limitRow?.statistic ?? 'everyPoint', row, xs.map(rippleAt), depth);
  return { freqs, values: limitRow ? storedTrace(limitRow, freqs, quantity) : quantity };
}
