/** A statistic as the terminal prints it: six significant digits, no exponent for everyday sizes. */
export function formatFigure(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x !== 0 && (Math.abs(x) >= 1e9 || Math.abs(x) < 1e-4)) return x.toPrecision(6);
  return String(Number(x.toPrecision(6)));
}
