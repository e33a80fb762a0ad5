import { randomUUID } from 'node:crypto';
import {
  InstrumentId,
  overallVerdict,
  runUploadError,
  SKIPPED_PREFIX,
  Verdict,
  type RunnerSeq,
  type RunUpload,
  type Step,
  type StepResult,
  type StepVerdict,
  type TraceUpload,
} from '@sweepline/domain';
import { InstrumentError } from '@sweepline/instruments';
import { InstrumentOverdue } from '../exit-codes';
import type { CalibrationKeeper } from './calibration-keeper';
import type { Instruments } from './instrument-pool';
import type { JournalAttachment, JournalRun } from './journal';
import type { MeasuredStep } from './na-steps';
import { runNaStep } from './na-steps';
import { runOperatorStep } from './operator-steps';
import { runPimStep } from './pim-steps';
import { OriginRecorder, type OriginContext } from './run-origin';
import { RunAborted, type Prompter, type RunReporter } from './prompter';
import { calibrate } from './smart-calibration';
import { errorLine } from './row-line';
import type { StepOutput } from './rows';
import { row, NO_LIMITS, titleOf } from './rows';

/**
 * Runs one downloaded test on one serial number (issue 14): smart calibration first, then each
 * step in order; an instrument failure asks the operator to retry, skip (recorded as a failed
 * row) or abort; Ctrl-C (the signal) aborts. The result is the run as the journal keeps it and
 * the API takes it, with its client-made id, and the files its steps captured.
 */
export interface RunRequest {
  readonly seq: RunnerSeq;
  readonly sn: string;
  readonly productName: string;
  readonly instruments: Instruments;
  readonly calibrations: CalibrationKeeper;
  readonly prompter: Prompter;
  readonly reporter: RunReporter;
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
  /** What the run says measured it (issue 40); without it, the run says nothing of it. */
  readonly origin?: OriginContext;
  /** Who makes the calibrations, as they record it. */
  readonly operator?: string;
}

export interface FinishedRun {
  readonly run: JournalRun;
  readonly files: Map<string, Uint8Array>;
  readonly verdict: Verdict;
  /** Why the run was aborted, when it was. */
  readonly abortReason?: string;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new RunAborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RunAborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const MAX_TEXT = 200;

function describeFailure(error: unknown): string {
  if (error instanceof InstrumentError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Runs `work`; on failure the operator retries it, skips it (a failed row saying why) or aborts. */
async function withChoices(
  step: Step,
  work: () => Promise<StepOutput>,
  req: RunRequest,
  position?: { index: number; count: number },
): Promise<StepOutput> {
  for (;;) {
    try {
      return await abortable(work(), req.signal);
    } catch (error) {
      // an overdue instrument is not retried or skipped: the runner stops (EXIT.instrumentOverdue)
      if (error instanceof RunAborted || error instanceof InstrumentOverdue) throw error;
      const message = `Step '${step.name}' failed: ${describeFailure(error)}`;
      req.reporter.info(
        position ? errorLine(position.index, position.count, step.name, describeFailure(error)) : message,
      );
      const choice = await req.prompter.onFailure(message);
      if (choice === 'abort') throw new RunAborted(message);
      if (choice === 'skip') {
        const value = `${SKIPPED_PREFIX}${describeFailure(error)}`.slice(0, MAX_TEXT);
        return { rows: [row(titleOf(step).slice(0, MAX_TEXT), NO_LIMITS, value, '', 0)] };
      }
    }
  }
}

async function runStep(step: Step, position: number, req: RunRequest, measured: Map<number, MeasuredStep>) {
  const unit = { product: req.productName, serial: req.sn, actionId: step.actionId };
  switch (step.instrumentId) {
    case InstrumentId.Common:
      return runOperatorStep(step, req.prompter);
    case InstrumentId.PimAnalyzer:
      return runPimStep(step, await req.instruments.pimAnalyzer(unit));
    case InstrumentId.NetworkAnalyzer:
      return runNaStep(step, {
        na: await req.instruments.networkAnalyzer(unit),
        cals: req.seq.cals,
        steps: req.seq.steps,
        measured,
        position,
      });
  }
}

export async function runTest(request: RunRequest): Promise<FinishedRun> {
  const recorder = new OriginRecorder(request.instruments, request.calibrations, request.seq.cals);
  const req: RunRequest = { ...request, instruments: recorder };
  const now = req.now ?? (() => new Date());
  // the run starts once its calibrations are made: a run names the calibrations that measured it,
  // and none is made after its run started (docs/cli.md, "What a run says measured it")
  let start = now();
  const rows: StepResult[] = [];
  const traces: TraceUpload[] = [];
  const attachments: JournalAttachment[] = [];
  const files = new Map<string, Uint8Array>();
  const measured = new Map<number, MeasuredStep>();
  const count = req.seq.steps.length;
  let abortReason: string | undefined;
  try {
    // a skipped calibration is a failed row of its own: the unit was measured uncalibrated
    const calibration = await withChoices(
      { name: 'Calibration', param: {} } as Step,
      async () => {
        await calibrate(req);
        return { rows: [] };
      },
      req,
    );
    rows.push(...calibration.rows);
    start = now();
    for (const [i, step] of req.seq.steps.entries()) {
      if (req.signal?.aborted) throw new RunAborted();
      req.reporter.stepStarted(i + 1, count, step.name);
      const out = await withChoices(step, () => runStep(step, i + 1, req, measured), req, {
        index: i + 1,
        count,
      });
      const first = rows.length;
      rows.push(...out.rows);
      const last = rows.length - 1;
      if (out.calIds) recorder.measured(first, out.calIds);
      for (const { row: index, ...trace } of out.traces ?? [])
        traces.push({ ...trace, step_index: first + index });
      for (const file of out.files ?? []) {
        const fileName = uniqueName(files, file.fileName);
        files.set(fileName, file.bytes);
        attachments.push({ stepIndex: last, kind: file.kind, fileName });
      }
      const judged = out.rows.filter((r) => !r.isHeader).map((r) => r.result);
      req.reporter.stepFinished(
        i + 1,
        count,
        judged.length === 0 ? undefined : judged.every((r) => r === 1),
        out.rows,
      );
    }
  } catch (error) {
    if (!(error instanceof RunAborted)) throw error;
    abortReason = error.reason;
  }
  const aborted = abortReason !== undefined;
  const verdict = overallVerdict(
    rows.filter((r) => !r.isHeader).map((r): StepVerdict => r.result),
    aborted,
  );
  const end = now();
  const upload: RunUpload = {
    client_run_id: randomUUID(),
    seq_id: req.seq.id,
    seq_version: req.seq.version,
    // the release it ran (docs/releases.md); a server before releases names none, and gets none
    ...(typeof req.seq.releaseNo === 'number' ? { release_no: req.seq.releaseNo } : {}),
    product_id: req.seq.productId,
    sn: req.sn,
    start_time: start.toISOString(),
    end_time: (end < start ? start : end).toISOString(),
    // a test without judged rows passes when it runs to its end
    result: !aborted && rows.every((r) => r.isHeader) ? Verdict.Passed : verdict,
    steps: rows,
    ...(traces.length > 0 ? { traces } : {}),
    ...(req.origin ? recorder.origin(req.origin) : {}),
  };
  const problem = runUploadError(upload, end.getTime());
  if (problem) throw new Error(`The run cannot be uploaded: ${problem.field}: ${problem.message}`);
  return {
    run: { upload, productName: req.productName, seqName: req.seq.name, attachments },
    files,
    verdict: upload.result,
    ...(abortReason !== undefined ? { abortReason } : {}),
  };
}

function uniqueName(files: Map<string, Uint8Array>, name: string): string {
  if (!files.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) if (!files.has(`${stem}-${n}${ext}`)) return `${stem}-${n}${ext}`;
}
