import { FIRST_BILL_MONTH } from '@sweepline/domain';

/** docs/requirements/back-office-and-billing.md: a new account's first 30 days are free. */
export const FREE_TRIAL_DAYS = 30;

/** docs/requirements/back-office-and-billing.md: Last 7 days, Last 30 days, All. */
export const USAGE_DAYS = [7, 30, 100_000] as const;

export const BACK_OFFICE_MSG = {
  month: `A month YYYY-MM from ${FIRST_BILL_MONTH} to the current month, like 2025-10`,
  dayNum: 'Either 7, 30 or 100000 (days)',
} as const;
