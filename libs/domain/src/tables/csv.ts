/**
 * Leading characters a spreadsheet may read as the start of a formula (OWASP, "CSV Injection"):
 * = + - @, and a tab or carriage return, after which some programs still see one. A line feed
 * is treated alike: it starts a line inside a quoted field, where the same holds.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * A text cell as every CSV the product writes must hold it: a text a spreadsheet could run as a
 * formula gets a leading ' (shown as text, the way Excel marks one). Product, test and step names
 * are users' text, so any of them may be `=HYPERLINK(...)`. Numbers are written as they are: -5 is
 * a number, not a formula.
 */
export function csvSafeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * CSV of RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote
 * or a line break (quotes doubled), every text cell made safe by csvSafeText. The one CSV writer:
 * the web app's downloads use it, and so must any other (the API's export and the CLI write none).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = csvSafeText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
