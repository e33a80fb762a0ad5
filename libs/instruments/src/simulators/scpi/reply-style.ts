/**
 * How a family writes numbers and the empty error queue (INSTRUMENTS.md section 1): Keysight
 * `+0,"No error"` and NR3 numbers such as `+1.00000000000E+009`, R&S `0,"No error"` and plain
 * numbers. The drivers must read both, so the simulators write both.
 */
export type ReplyStyle = 'keysight' | 'rs';

export function formatNumber(value: number, style: ReplyStyle): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NAN' : value > 0 ? 'INF' : '-INF';
  if (style === 'rs') return String(value);
  const [mantissa = '0', exponent = '0'] = value.toExponential(11).split('e');
  const exp = Number(exponent);
  const sign = value < 0 ? '' : '+';
  return `${sign}${mantissa}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(3, '0')}`;
}

export function formatInteger(value: number, style: ReplyStyle): string {
  return style === 'keysight' && value >= 0 ? `+${value}` : String(value);
}

export function noErrorReply(style: ReplyStyle): string {
  return style === 'keysight' ? '+0,"No error"' : '0,"No error"';
}
