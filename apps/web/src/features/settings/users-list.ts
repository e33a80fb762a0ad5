import type { AccountUser } from '@sweepline/domain';

/**
 * The users table's order (docs/requirements/accounts-and-users.md#user-actions): names compared case-insensitively, the same way
 * the API sorts GET /user/account (lower-cased, then by code point; equal names by id).
 */
export function compareUsers(a: AccountUser, b: AccountUser): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.id - b.id;
}

/** The list with `user` in its place by name; an edited user (same id) moves to its new place. */
export function placeUser(users: readonly AccountUser[], user: AccountUser): AccountUser[] {
  return [...users.filter((u) => u.id !== user.id), user].sort(compareUsers);
}

/**
 * The selection after deleting the user at `index` (docs/requirements/accounts-and-users.md#user-actions): the previous row, or the
 * first when the first was removed; none when the list is empty.
 */
export function selectionAfterDelete(remaining: readonly AccountUser[], index: number): number | undefined {
  return remaining[Math.max(index - 1, 0)]?.id;
}
