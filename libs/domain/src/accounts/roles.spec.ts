import fc from 'fast-check';
import { Role } from '../entities/entities';
import {
  canEdit,
  canManageUsers,
  canRunTests,
  canSeeSettings,
  isAdmin,
  isAssignableRole,
  isRole,
  roleLabel,
} from './roles';

const ALL = [Role.Admin, Role.Manager, Role.Editor, Role.Operator, Role.SignedOut];

describe('roles', () => {
  it('labels every role', () => {
    expect(ALL.map(roleLabel)).toEqual(['Administrator', 'Manager', 'Editor', 'Operator', 'Signed out']);
  });

  it('knows the role numbers and nothing else', () => {
    expect(ALL.every(isRole)).toBe(true);
    expect([-2, 4, 0.5, NaN, '1', null, undefined].some(isRole)).toBe(false);
  });

  it('assigns only Editor and Operator', () => {
    expect(ALL.filter(isAssignableRole)).toEqual([Role.Editor, Role.Operator]);
    expect(isAssignableRole('1')).toBe(false);
  });

  it.each([
    // role, runs tests, edits, manages users, admin, sees settings
    [Role.Admin, true, true, true, true, true],
    [Role.Manager, true, true, true, false, true],
    [Role.Editor, true, true, false, false, false],
    [Role.Operator, true, false, false, false, false],
    [Role.SignedOut, false, false, false, false, false],
  ])('gives role %i its rights', (role, run, edit, users, admin, settings) => {
    expect(canRunTests(role)).toBe(run);
    expect(canEdit(role)).toBe(edit);
    expect(canManageUsers(role)).toBe(users);
    expect(isAdmin(role)).toBe(admin);
    expect(canSeeSettings(role)).toBe(settings);
  });

  it('gives an unknown role number no rights', () => {
    fc.assert(
      fc.property(
        fc.double().filter((x) => !isRole(x)),
        (x) => {
          const role = x as Role;
          expect([canRunTests, canEdit, canManageUsers, isAdmin, canSeeSettings].some((f) => f(role))).toBe(
            false,
          );
        },
      ),
    );
  });

  it('orders rights: whoever edits also runs tests, whoever manages users also edits', () => {
    for (const role of ALL) {
      if (canEdit(role)) expect(canRunTests(role)).toBe(true);
      if (canManageUsers(role)) expect(canEdit(role)).toBe(true);
    }
  });
});
