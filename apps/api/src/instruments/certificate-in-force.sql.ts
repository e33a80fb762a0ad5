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
