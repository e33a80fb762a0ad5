/**
 * A number as default names show it: no trailing zeros (800, 0.5), no binary noise
 * (0.1 + 0.2 shows 0.3), and small values written out (1e-7 shows 0.0000001) because an
 * exponent reads badly in a step list.
 */
const SIGNIFICANT_DIGITS = 12;
/** Below this, a written-out decimal gets too long for a 100-character name: keep the exponent. */
const SMALLEST_WRITTEN_OUT = 1e-12;

/** Whole numbers below this have at most 12 digits, which toPrecision keeps exactly. */
const EXACT_INTEGER_LIMIT = 10 ** SIGNIFICANT_DIGITS;

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  // most numbers in names are whole MHz, dB or seconds and need no rounding; String(-0) is '0'
  if (Number.isInteger(n) && Math.abs(n) < EXACT_INTEGER_LIMIT) return String(n);
  const rounded = Number(n.toPrecision(SIGNIFICANT_DIGITS));
  const text = String(rounded);
  const magnitude = Math.abs(rounded);
  if (!text.includes('e') || magnitude >= 1 || magnitude < SMALLEST_WRITTEN_OUT) return text;
  const decimals = SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(magnitude));
  return rounded.toFixed(decimals).replace(/0+$/, '');
}
