import type { FieldError } from '@sweepline/domain';
import { Conflict, Refused } from '@sweepline/domain';

/**
 * Refuses with the first error of a domain check as 'field: message', the field being its wire
 * path ('name: Empty input', 'cals[1].startFreq_MHz: The start freq greater than the stop freq',
 * 'cals: Up to 16 calibrations'), the way the validation pipe names a broken field. `wireNames`
 * renames the fields a domain check calls otherwise (the step dialog's actionId is action_id).
 */
export function refuseFirst(errors: readonly FieldError[], wireNames: Record<string, string> = {}): void {
  const [first] = errors;
  if (!first) return;
  const field = wireNames[first.field] ?? first.field;
  throw new Refused(field ? `${field}: ${first.message}` : first.message);
}

/** PostgreSQL's unique_violation: two requests added the same name at the same moment. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.driverError?.code === '23505';
}

/** Runs `write`, answering a unique-name race as the conflict it is instead of an internal error. */
export async function orConflict<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(message);
    throw error;
  }
}
