/** How the Measurements screens print figures (docs/web.md, "Measurements"). */
import { formatMeasurement } from '@sweepline/domain';

/** As every measurement prints (formatMeasurement); '—' for a figure that is not defined. */
export function figure(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return formatMeasurement(x);
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
