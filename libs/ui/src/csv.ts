/**
 * CSV of RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote
 * or a line break (quotes doubled). A field starting with =, +, - or @ is prefixed with ' so a
 * spreadsheet does not run it as a formula (product and test names are users' text).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
