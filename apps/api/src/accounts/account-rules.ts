import type { Role } from '@sweepline/domain';
import { isAssignableRole, nameError, Refused } from '@sweepline/domain';

/** docs/requirements/roles.md: users (and API tokens, docs/requirements/identity.md#api-tokens) may be given only Editor (1) or Operator (2). */
export const ROLE_MESSAGE = 'role: Only Editor (1) or Operator (2) can be given';

/** The shared name rule of the domain (docs/requirements/identity.md#field-rules: trimmed before it is judged and kept). */
export function requireName(value: string, field = 'name'): string {
  const message = nameError(value);
  if (message) throw new Refused(`${field}: ${message}`);
  return value.trim();
}

export function requireAssignableRole(value: number): Role.Editor | Role.Operator {
  if (!isAssignableRole(value)) throw new Refused(ROLE_MESSAGE);
  return value;
}
