import type { ResultValue } from '@sweepline/domain';

/** A limit or value as the PDF prints it: numbers in up to 6 significant digits, texts as sent. */
export function formatResultValue(value: ResultValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  return String(Number(value.toPrecision(6)));
}

/** A limit line is drawn only for a numeric limit. */
export function numericLimit(value: ResultValue): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
