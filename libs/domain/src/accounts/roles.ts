import { Role } from '../entities/entities';

/** Roles as the spec names them (docs/requirements/accounts-and-users.md#entities, docs/requirements/roles.md); 3 is the signed-out default. */
const ROLE_LABELS: Record<Role, string> = {
  [Role.Admin]: 'Administrator',
  [Role.Manager]: 'Manager',
  [Role.Editor]: 'Editor',
  [Role.Operator]: 'Operator',
  [Role.SignedOut]: 'Signed out',
};

/** A number on the wire is a role only if it is one of -1, 0, 1, 2, 3. */
export function isRole(x: unknown): x is Role {
  return typeof x === 'number' && Object.prototype.hasOwnProperty.call(ROLE_LABELS, x);
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/** docs/requirements/roles.md: users may be given only Editor (1) or Operator (2). */
export function isAssignableRole(r: unknown): r is Role.Editor | Role.Operator {
  return r === Role.Editor || r === Role.Operator;
}

/**
 * docs/requirements/roles.md: each role includes the rights of the ones below it (administrator > manager >
 * editor > operator), and a lower number is more rights. Unknown numbers get nothing.
 */
function atLeast(role: Role, needed: Role): boolean {
  return isRole(role) && role !== Role.SignedOut && role <= needed;
}

/** Run tests, manage serial numbers, see results, reports and PDFs. */
export function canRunTests(role: Role): boolean {
  return atLeast(role, Role.Operator);
}

/** Edit products, tests, steps and calibrations. */
export function canEdit(role: Role): boolean {
  return atLeast(role, Role.Editor);
}

/** Settings and the users of the account. */
export function canManageUsers(role: Role): boolean {
  return atLeast(role, Role.Manager);
}

/** The back office across all accounts (docs/requirements/roles.md: only role -1 sees that area). */
export function isAdmin(role: Role): boolean {
  return role === Role.Admin;
}

/** docs/requirements/roles.md: the Settings entry is shown only to a role below 1. */
export function canSeeSettings(role: Role): boolean {
  return isRole(role) && role < Role.Editor;
}
