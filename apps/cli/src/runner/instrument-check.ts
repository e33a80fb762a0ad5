import {
  instrumentName,
  ORIGIN_MSG,
  type InstrumentCheckAnswer,
  type InstrumentRole,
  type InstrumentUse,
} from '@sweepline/domain';
import type { Instrument } from '@sweepline/instruments';
import { ApiError } from '../client/api-error';
import { InstrumentOverdue } from '../exit-codes';
import type { OnConnect } from './instrument-pool';
import { instrumentUse } from './run-origin';

/**
 * The calibration check before measuring (issue 40, docs/cli.md "Calibration due"): each
 * instrument, as it is connected (the session's first use of it, and again after it was
 * reconnected), is asked about at the service (POST /runner/instruments/check).
 * - due within 30 days: a warning line, and the run goes on;
 * - overdue: the runner will not measure with it (InstrumentOverdue, EXIT.instrumentOverdue),
 *   unless the account allows it: then a warning line, and the service marks each such run;
 * - a service before the check (404), or one that cannot be reached: the run goes on (the service
 *   refuses an overdue instrument's run at its upload anyway).
 */
export type CheckInstruments = (instruments: InstrumentUse[]) => Promise<InstrumentCheckAnswer>;

/** The lines said about an answer, or the refusal thrown. */
export function judgeCheck(use: InstrumentUse, answer: InstrumentCheckAnswer): string[] {
  const check = answer.instruments[0];
  if (!check || check.dueOn === null) return [];
  const name = instrumentName(use);
  if (check.state === 'due') return [ORIGIN_MSG.dueSoon(name, check.dueOn, check.daysLeft ?? 0)];
  if (check.state !== 'overdue') return [];
  if (!answer.allowOverdue) throw new InstrumentOverdue(ORIGIN_MSG.overdue(name, check.dueOn));
  return [overdueAllowedLine(name, check.dueOn)];
}

/** The warning when the account allows measuring with an overdue instrument. */
export function overdueAllowedLine(name: string, dueOn: string): string {
  return `${name} is overdue for calibration (due on ${dueOn}). ${ORIGIN_MSG.measuredOverdue}: each run says so.`;
}

/** The pool's connection hook that checks each instrument and says what the check found. */
export function calibrationCheck(check: CheckInstruments, say: (line: string) => void): OnConnect {
  return async (role: InstrumentRole, instrument: Instrument) => {
    const use = instrumentUse(role, instrument);
    if (!use) return;
    let answer: InstrumentCheckAnswer;
    try {
      answer = await check([use]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // 404: a service from before the check; anything else: it cannot answer now
      if (error.httpStatus !== 404)
        say(`The calibration of ${instrumentName(use)} was not checked: ${error.message}`);
      return;
    }
    for (const line of judgeCheck(use, answer)) say(line);
  };
}
