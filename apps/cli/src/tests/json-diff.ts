/** One difference between two JSON values: where, and the two values (undefined: absent). */
export interface Difference {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The leaves that differ between two JSON values, key order ignored, arrays by index, with paths
 * like `steps[2].param.startFreq_MHz`: what a reviewer reads in `sweepline test diff`.
 */
export function jsonDiff(before: unknown, after: unknown, path = ''): Difference[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => jsonDiff(before[i], after[i], `${path}[${i}]`)).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => jsonDiff(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return before === after ? [] : [{ path, before, after }];
}

export function describeValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
