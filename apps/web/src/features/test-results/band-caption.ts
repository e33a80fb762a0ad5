import type { TraceBandReport } from '@sweepline/domain';
import type { BandEdges } from '../measurements/trace-band';

/** Below this many traces the nearest-rank p5 and p95 are the lowest and the highest trace. */
const PERCENTILE_TRACES = 20;

const traces = (n: number) => `${n} ${n === 1 ? 'trace' : 'traces'}`;

/**
 * The band under a run's trace on /tr in a sentence an operator reads at once (issue 38: "p5-p95
 * of 3 traces … 263 traces on another grid left out" meant nothing): what the shading is, of
 * which units, and the traces it leaves out and why (docs/measurements.md, "Trace band").
 */
export function bandCaption(
  report: TraceBandReport,
  edges: BandEdges,
  seqName: string,
  days: number,
): string {
  const band = report.band;
  if (!band) return '';
  const whose = `${traces(band.traces)} of ${seqName} measured in the ${days} days up to this run`;
  const shading =
    edges === 'p5-p95' && band.traces >= PERCENTILE_TRACES
      ? `The shading shows where the middle 90% of ${whose} fall (5th to 95th percentile)`
      : `The shading runs from the lowest to the highest of ${whose}`;
  const left =
    band.otherGrid > 0
      ? ` ${band.otherGrid === 1 ? '1 more trace was' : `${band.otherGrid} more traces were`} measured at other frequencies and ${band.otherGrid === 1 ? 'is' : 'are'} not included.`
      : '';
  return `${shading}; the dotted line is their median.${left}`;
}
