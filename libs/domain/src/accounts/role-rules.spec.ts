import { Role } from '../entities/entities';
import { mayDo, ROLE_RULES, roleMatrix } from './role-rules';

describe('the role rules', () => {
  it('nest the account roles: an operator tests, an editor also edits, a manager also manages', () => {
    expect(roleMatrix()).toEqual([
      { what: 'Run tests and upload results', allowed: [true, true, true] },
      { what: 'Manage serial numbers and jump them to a stage', allowed: [true, true, true] },
      { what: 'See test results, PDFs and daily reports', allowed: [true, true, true] },
      { what: 'Edit products, tests, steps and calibrations', allowed: [false, true, true] },
      { what: 'Manage users, API tokens and the account', allowed: [false, false, true] },
      { what: 'Export all data of the account', allowed: [false, false, true] },
    ]);
  });

  it('give the provider administrator the back office only, and a signed-out caller nothing', () => {
    for (const rule of Object.values(ROLE_RULES)) {
      expect(mayDo(Role.Admin, rule)).toBe(rule === ROLE_RULES.backOffice);
      expect(mayDo(Role.SignedOut, rule)).toBe(false);
    }
    expect(mayDo(Role.Manager, ROLE_RULES.backOffice)).toBe(false);
  });
});
