import { CALIBRATION_DUE_DAYS } from '@sweepline/domain';

/**
 * The due date of the certificate in force for an instrument on a day (docs/traceability.md,
 * "Calibration due"): the latest due date among its certificates calibrated on or before that day.
 * A certificate recorded today does not clear a run measured while the instrument was overdue,
 * and one recorded late for a past calibration still covers the runs after it. Days are UTC days.
 * `instrument`, `account` and `day` are SQL expressions (a column, a parameter, a cast).
 */
export function dueOnInForce(instrument: string, account: string, day: string): string {
  return `(SELECT max(c.due_on) FROM instrument_certificate c
            WHERE c.account_id = ${account} AND c.instrument_id = ${instrument} AND c.calibrated_on <= ${day})`;
}

/**
 * dueOnInForce for a row of `instrument` (alias `i`), from the latest due date its row keeps
 * (migration 1763860200000): on or after the day a certificate with the latest due date was
 * calibrated, that due date, read from the row alone; before it, or with no certificate, the
 * certificates as dueOnInForce reads them. For the upload, which reads its instruments' rows
 * anyway (issue 40's upload cost).
 */
export function latestDueOnInForce(i: string, account: string, day: string): string {
  return `CASE WHEN ${day} >= ${i}.latest_due_from THEN ${i}.latest_due_on
               ELSE ${dueOnInForce(`${i}.id`, account, day)} END`;
}

/**
 * calibrationState(dueOn, day, 0).state (libs/domain) as SQL, for the account export, which writes
 * rows in SQL: the state of a certificate due on `dueOn` on the UTC day `day` (SQL expressions).
 */
export function calibrationStateSql(dueOn: string, day: string): string {
  return `CASE WHEN ${dueOn} IS NULL THEN 'unknown' WHEN ${dueOn} < ${day} THEN 'overdue'
               WHEN ${dueOn} - ${day} <= ${CALIBRATION_DUE_DAYS} THEN 'due' ELSE 'valid' END`;
}
