/**
 * Exit codes (docs/cli.md): 0 done, 1 failed while running, 2 bad command line or settings;
 * `sweepline run --sn`: 3 the unit failed, 4 the run was aborted; `sweepline run`: 5 an instrument
 * is overdue for calibration and the account does not allow measuring with it; `sweepline audit
 * verify`: 1 a row of the audit trail does not match (a failure like any other to a script, named
 * in the output).
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  unitFailed: 3,
  runAborted: 4,
  instrumentOverdue: 5,
  auditMismatch: 1,
} as const;

/** A command-line mistake found after commander parsed the arguments (a bad config file, say). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The runner will not measure with an instrument overdue for calibration (issue 40): EXIT.instrumentOverdue. */
export class InstrumentOverdue extends Error {
  override readonly name = 'InstrumentOverdue';
}
