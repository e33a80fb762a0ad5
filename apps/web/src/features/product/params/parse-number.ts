/** A decimal number as people type it: '12', '-0.5', '.5', '1e3'. */
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The number a number field holds: null while empty or not a number yet, so the domain's rules
 * answer 'Enter a number' for both (the param types keep null for "not entered").
 */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}

export function formatNumberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
