import { PipeTransform } from '@nestjs/common';
import { isAssignableRole, nameError, Role } from '@sweepline/domain';
import { badRequest, notFound } from '../common/api-error';

/** Spec 2 section 6: users (and API tokens, DESIGN.md) may be given only Editor (1) or Operator (2). */
export const ROLE_MESSAGE = 'role: Only Editor (1) or Operator (2) can be given';

/** The shared name rule of the domain (spec 2 section 5: trimmed before it is judged and kept). */
export function requireName(value: string, field = 'name'): string {
  const message = nameError(value);
  if (message) throw badRequest(`${field}: ${message}`);
  return value.trim();
}

export function requireAssignableRole(value: number): Role.Editor | Role.Operator {
  if (!isAssignableRole(value)) throw badRequest(ROLE_MESSAGE);
  return value;
}

const MAX_INT4 = 2_147_483_647;

/**
 * A row id from the path. Anything that cannot be an id (text, 0, past PostgreSQL's integer) names
 * no row, so it gets the same 404 as another account's id rather than a database error.
 */
export class IdParam implements PipeTransform<string, number> {
  constructor(private readonly what: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
    if (id < 1 || id > MAX_INT4) throw notFound(this.what);
    return id;
  }
}
