import type { ResultValue } from '@sweepline/domain';

/** A limit line is drawn only for a numeric limit. */
export function numericLimit(value: ResultValue): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
