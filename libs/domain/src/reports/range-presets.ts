import { civilFromDays, formatCivil } from '../time/civil';
import { dayNumber } from '../time/days';

/**
 * The date-range shortcuts of the report screens (docs/requirements/reports.md): Today, Yesterday, Last Week,
 * Last Month, Last Year, in that order; the second (Yesterday) is the default range. The spec
 * names them only: ours are whole local days ending today (a week is 7 days, a month 30, a year
 * 365, within the API's 400-day limit), except Yesterday, which is that one day.
 */
export interface RangePreset {
  label: string;
  /** 'YYYY-MM-DD', first and last local day, both included. */
  range: [string, string];
}

const SPANS: readonly [label: string, daysBack: number, length: number][] = [
  ['Today', 0, 1],
  ['Yesterday', 1, 1],
  ['Last Week', 0, 7],
  ['Last Month', 0, 30],
  ['Last Year', 0, 365],
];

/** The presets on local day `today` ('YYYY-MM-DD'); throws RangeError for an invalid day. */
export function rangePresets(today: string): RangePreset[] {
  const n = dayNumber(today);
  if (n === undefined) throw new RangeError(`Invalid day: ${today}`);
  const day = (k: number) => formatCivil(civilFromDays(k));
  return SPANS.map(([label, back, length]) => ({
    label,
    range: [day(n - back - length + 1), day(n - back)],
  }));
}

/** docs/requirements/reports.md: the range a report screen opens with, the second preset. */
export function defaultReportRange(today: string): [string, string] {
  return rangePresets(today)[1]!.range;
}
