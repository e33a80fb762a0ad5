/** How the Measurements screens print figures (docs/web.md, "Measurements"). */
import { formatMeasurement } from '@sweepline/domain';

/**
 * As every measurement prints (formatMeasurement), apart from the figures printed beside it
 * (a step's limits: 10000000 and 10000000.4); '—' for a figure that is not defined.
 */
export function figure(x: number | null | undefined, beside: readonly (number | null)[] = []): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return formatMeasurement(x, { limits: beside });
}

/** 'v1, v2' */
export const versionList = (versions: readonly number[]) => versions.map((v) => `v${v}`).join(', ');

/** The chart's label and the CSV's file name: what, of which test and step, over which days. */
export function analysisLabel(
  what: string,
  names: readonly string[],
  days: readonly [string, string],
): string {
  return [what, ...names.filter((n) => n !== ''), `${days[0]} -- ${days[1]}`].join(', ');
}
