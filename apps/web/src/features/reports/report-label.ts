/**
 * docs/requirements/reports.md: a chart's dataset label names the report, the product (and the test of the
 * rates) and the applied range's days: 'Daily Pass Rate, F-200, Pass band, 2026-11-01 -- 2026-11-07'.
 */
export function reportLabel(
  title: string,
  names: readonly string[],
  startDate: string,
  stopDate: string,
): string {
  return [title, ...names, `${startDate} -- ${stopDate}`].join(', ');
}

/** A file name for the CSV of a label: the label with characters no file system likes replaced. */
export function csvFileName(label: string): string {
  return `${label
    .replace(/ -- /g, ' to ')
    .replace(/[\\/:*?"<>|,]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()}.csv`;
}
