import type { RunnerSeq, RunSpcNotice, RunUploadAnswer } from '@sweepline/domain';
import type { Verdict } from '@sweepline/domain';
import type { CalibrationKeeper } from './calibration-keeper';
import { runTest } from './engine';
import type { InstrumentPool } from './instrument-pool';
import type { Journal } from './journal';
import type { Prompter, RunReporter } from './prompter';
import type { OriginContext } from './run-origin';
import { isTransient, type RunnerApi } from './runner-api';
import { spcNoticesOf } from './spc-notices';
import { uploadRun } from './uploader';

/**
 * One serial number through one test, start to upload: run it, append it to the journal (on
 * disk before anything is sent), upload it. A service that cannot be reached leaves the run
 * waiting in the queue; the caller's background retry and the next start upload it.
 */
export interface SessionParts {
  readonly api: RunnerApi;
  readonly journal: Journal;
  readonly instruments: InstrumentPool;
  readonly calibrations: CalibrationKeeper;
  /** What each run says measured it (issue 40). */
  readonly origin?: OriginContext;
  /** Who makes the calibrations. */
  readonly operator?: string;
}

export interface RunOutcome {
  readonly verdict: Verdict;
  readonly clientRunId: string;
  /** When the run ended (its end_time): the verdict's time on the station board. */
  readonly endTime: string;
  readonly answer?: RunUploadAnswer;
  /** The SPC alarms the uploaded run opened or joined (issue 41). */
  readonly spcAlarms?: RunSpcNotice[];
  /** Why the upload waits (unreachable) or was refused. */
  readonly uploadProblem?: string;
  readonly refused?: boolean;
  readonly abortReason?: string;
}

export async function runAndRecord(
  parts: SessionParts,
  seq: RunnerSeq,
  sn: string,
  productName: string,
  prompter: Prompter,
  reporter: RunReporter,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const finished = await runTest({
    seq,
    sn,
    productName,
    instruments: parts.instruments,
    calibrations: parts.calibrations,
    ...(parts.origin ? { origin: parts.origin } : {}),
    ...(parts.operator !== undefined ? { operator: parts.operator } : {}),
    prompter,
    reporter,
    ...(signal ? { signal } : {}),
  });
  parts.journal.append(finished.run, finished.files);
  const base = {
    verdict: finished.verdict,
    clientRunId: finished.run.upload.client_run_id,
    endTime: finished.run.upload.end_time,
    ...(finished.abortReason !== undefined ? { abortReason: finished.abortReason } : {}),
  };
  try {
    const answer = await uploadRun(parts.journal, parts.api, finished.run);
    return { ...base, answer, spcAlarms: await spcNoticesOf(parts.api, answer.run_id) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isTransient(error)) return { ...base, uploadProblem: message };
    parts.journal.markRefused(base.clientRunId, message);
    return { ...base, uploadProblem: message, refused: true };
  }
}
