import { Role } from '../entities/entities';

/** One thing a member may do, and the least role that may do it. */
export interface RoleRule {
  /** How the FAQ's role matrix names it. */
  what: string;
  least: Role;
}

/**
 * Who may do what (docs/requirements/roles.md). The API's @Roles
 * take their role from here, and the FAQ's role matrix is drawn from it, so the page that tells
 * users what their role may do and the server that enforces it cannot disagree.
 */
export const ROLE_RULES = {
  runTests: { what: 'Run tests and upload results', least: Role.Operator },
  serialNumbers: { what: 'Manage serial numbers and jump them to a stage', least: Role.Operator },
  results: { what: 'See test results, PDFs and daily reports', least: Role.Operator },
  editTests: { what: 'Edit products, tests, steps and calibrations', least: Role.Editor },
  manageUsers: { what: 'Manage users, API tokens and the account', least: Role.Manager },
  exportData: { what: 'Export all data of the account', least: Role.Manager },
  backOffice: { what: 'The back office across all accounts', least: Role.Admin },
} as const satisfies Record<string, RoleRule>;

/** The roles of an account, as the FAQ's matrix lists them (docs/requirements/roles.md). */
export const ACCOUNT_ROLES = [Role.Operator, Role.Editor, Role.Manager] as const;

/**
 * Whether `role` may do what `rule` asks. Roles nest (manager > editor > operator, a lower
 * number is more); the provider administrator is in no account, so only the back office is theirs.
 */
export function mayDo(role: Role, rule: RoleRule): boolean {
  if (rule.least === Role.Admin || role === Role.Admin) return role === rule.least;
  return role >= Role.Manager && role <= rule.least;
}

/** The FAQ's role matrix: each account rule, and whether each account role may do it. */
export function roleMatrix(): { what: string; allowed: boolean[] }[] {
  return Object.values(ROLE_RULES)
    .filter((rule) => rule.least !== Role.Admin)
    .map((rule) => ({ what: rule.what, allowed: ACCOUNT_ROLES.map((role) => mayDo(role, rule)) }));
}
