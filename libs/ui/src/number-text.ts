/**
 * Numbers as the screens write them, the way `Intl.NumberFormat('en-US')` does (a comma between
 * thousands, rounded half away from zero on the number's shortest decimal form), without Intl:
 * in Chromium each `toLocaleString('en-US', …)` made a number format, 10-50 ms of a phone's
 * CPU apiece, and a screen's first render called it dozens of times (issue 43). A number
 * JavaScript writes with an exponent (below 1e-6, from 1e21) still goes to Intl.
 */
export function decimalText(value: number, digits: number, trimZeros = false): string {
  const shortest = Math.abs(value).toString();
  if (!Number.isFinite(value) || shortest.includes('e'))
    return value.toLocaleString('en-US', {
      minimumFractionDigits: trimZeros ? 0 : digits,
      maximumFractionDigits: digits,
    });
  const [whole, fraction = ''] = shortest.split('.') as [string, string?];
  let scaled = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if ((fraction[digits] ?? '0') >= '5') scaled += 1n;
  const text = scaled.toString().padStart(digits + 1, '0');
  const integer = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let decimals = text.slice(text.length - digits);
  if (trimZeros) decimals = decimals.replace(/0+$/, '');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${integer}${decimals ? `.${decimals}` : ''}`;
}

/** A whole count: 12,345. */
export const countText = (n: number): string => decimalText(n, 0);
