import type { TraceBandReport } from '@sweepline/domain';
import type { TraceBandLines } from '@sweepline/ui';

/** The band's edges shown: p5-p95 (default) or min-max (docs/measurements.md, "Trace band"). */
export type BandEdges = 'p5-p95' | 'min-max';

export const BAND_EDGE_OPTIONS = [
  { value: 'p5-p95', label: 'p5-p95' },
  { value: 'min-max', label: 'min-max' },
];

/** The lines a trace chart draws for a band answer; `withMedian` when a unit's own trace is drawn over it. */
export function bandLines(
  report: TraceBandReport,
  edges: BandEdges,
  withMedian: boolean,
): TraceBandLines | undefined {
  const band = report.band;
  if (!band) return undefined;
  return {
    label: `${edges} of ${band.traces} ${band.traces === 1 ? 'trace' : 'traces'}`,
    ...(withMedian ? { median: band.median } : {}),
    low: edges === 'p5-p95' ? band.p5 : band.min,
    high: edges === 'p5-p95' ? band.p95 : band.max,
  };
}

/** "12 traces on another grid left out" (the words), or nothing. */
export function otherGridNote(report: TraceBandReport): string | undefined {
  const n = report.band?.otherGrid ?? 0;
  return n > 0 ? `${n} ${n === 1 ? 'trace' : 'traces'} on another grid left out` : undefined;
}
