import { HttpStatus, Injectable } from '@nestjs/common';
import {
  encodeFloat32,
  isEarlierRun,
  keepsTrace,
  RUNNER_MSG,
  SN_MSG,
  RunUpload,
  RunUploadAnswer,
  runUploadError,
  STAGE_MSG,
  stageAfterRun,
  StageNo,
  StepResult,
  Verdict,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { ApiError, badRequest, conflict } from '../common/api-error';
import { orConflict, refuseFirst } from '../common/refusals';
import { RunsRepository, StoredTrace, UploadedRun } from '../runs/runs.repository';
import { SerialNumberRow, SerialNumbersRepository } from '../serial-numbers/serial-numbers.repository';
import { StageHistory, StageVisit } from '../serial-numbers/stage-history';
import { RunnerRepository, RunnerSeqRow } from './runner.repository';
import { stageTestState } from './runner.service';

/** The step results as stored: the seven fields of spec 2 section 3, in that order. */
function stepsOf(steps: readonly StepResult[]): StepResult[] {
  return steps.map(({ title, isHeader, lower, upper, value, unit, result }) => ({
    title,
    isHeader,
    lower,
    upper,
    value,
    unit,
    result,
  }));
}

/** DESIGN.md "Traces": only traces of report-marked and failed steps are stored. */
function keptTraces(dto: RunUpload): StoredTrace[] {
  return (dto.traces ?? [])
    .filter((trace) => keepsTrace(trace, dto.steps[trace.step_index]!))
    .map((trace) => ({
      stepIndex: trace.step_index,
      freqs: Buffer.from(encodeFloat32(trace.freqs_MHz)),
      values: Buffer.from(encodeFloat32(trace.values)),
    }));
}

/** What the first upload of a run answered, read back for a repeat. */
function answerOf(run: UploadedRun): RunUploadAnswer {
  const stageNo = run.advanced ? run.after_stage : run.visit_stage;
  return {
    run_id: run.id,
    run_no: run.run_no,
    stage_no: stageNo,
    finished: run.advanced && stageNo === null,
  };
}

/**
 * POST /runner/runs (DESIGN.md, "Process control" and "The runner and its calls"). A refused
 * upload stores nothing; a repeated client_run_id answers the first upload's result. The serial
 * number's row is locked before anything is read that the upload depends on, so uploads of one
 * unit, jumps and deletes take turns.
 */
@Injectable()
export class RunUploadService {
  constructor(
    private readonly runner: RunnerRepository,
    private readonly runs: RunsRepository,
    private readonly serialNumbers: SerialNumbersRepository,
    private readonly history: StageHistory,
  ) {}

  async upload(acct: AccountCtx, byToken: boolean, body: unknown): Promise<RunUploadAnswer> {
    const malformed = runUploadError(body, Date.now());
    refuseFirst(malformed ? [malformed] : []);
    const dto = body as RunUpload;
    // a repeat answers as the first time, even if the test or the stage changed since
    const repeat = await this.runs.uploaded(acct.accountId, dto.client_run_id);
    if (repeat) return this.repeated(repeat, dto);
    const seq = await this.runner.seq(acct.accountId, dto.seq_id);
    if (dto.product_id !== undefined && dto.product_id !== seq.product_id) {
      throw badRequest(`product_id: ${RUNNER_MSG.notOfProduct(seq.name, dto.product_id)}`);
    }
    const [unit] = await this.serialNumbers.inProduct(seq.product_id, [dto.sn], true);
    if (!unit) throw new ApiError(SN_MSG.notInProduct(dto.sn, seq.product_name), HttpStatus.NOT_FOUND);
    // the same run sent twice at once: the second waited for the lock and finds the first here
    const twin = await this.runs.uploaded(acct.accountId, dto.client_run_id);
    if (twin) return this.repeated(twin, dto);
    if (dto.seq_version !== seq.version) throw conflict(RUNNER_MSG.testChanged);
    const visit = await this.history.visit(acct.accountId, unit, acct.userName, true);
    this.checkStage(unit, seq, visit);
    const run = await this.store(acct, byToken, dto, seq, unit, visit.historyId!);
    const after = await this.advance(acct, unit, seq.product_id, visit, run.id);
    const stageNo = after === undefined ? visit.stageNo : after;
    return { run_id: run.id, run_no: run.runNo, stage_no: stageNo, finished: after === null };
  }

  private repeated(run: UploadedRun, dto: RunUpload): RunUploadAnswer {
    if (run.seq_id !== dto.seq_id || run.sn !== dto.sn)
      throw conflict(RUNNER_MSG.clientRunIdUsed(dto.client_run_id));
    return answerOf(run);
  }

  private checkStage(unit: SerialNumberRow, seq: RunnerSeqRow, visit: StageVisit): void {
    if (visit.finished) throw conflict(STAGE_MSG.finished(unit.sn));
    if (visit.stageNo !== seq.stage_no) {
      throw conflict(STAGE_MSG.wrongStage(unit.sn, visit.stageNo!, seq.name, seq.stage_no));
    }
    if (!seq.is_completed) throw conflict(RUNNER_MSG.notComplete(seq.name, 'complete it before running it'));
  }

  private async store(
    acct: AccountCtx,
    byToken: boolean,
    dto: RunUpload,
    seq: RunnerSeqRow,
    unit: SerialNumberRow,
    historyId: number,
  ): Promise<{ id: number; runNo: number }> {
    const startTime = new Date(dto.start_time);
    const first = await this.runs.firstRun(unit.id, seq.id);
    const isFirst =
      !first ||
      isEarlierRun(
        { startTime: startTime.getTime(), result: dto.result, id: Infinity },
        { startTime: first.start_time.getTime(), result: first.result, id: first.id },
      );
    // a run uploaded late from an offline queue may have started before the one marked first
    if (first && isFirst) await this.runs.unmarkFirst(first.id);
    const run = await orConflict(
      () =>
        this.runs.insert({
          accountId: acct.accountId,
          productId: seq.product_id,
          seqId: seq.id,
          serialNumberId: unit.id,
          sn: unit.sn,
          historyId,
          clientRunId: dto.client_run_id,
          seqVersion: dto.seq_version,
          startTime,
          endTime: new Date(dto.end_time),
          result: dto.result as Verdict,
          // an API token is not a person: its runs carry the token's name only
          userId: byToken ? null : acct.userId,
          userName: acct.userName,
          steps: stepsOf(dto.steps),
          isFirst,
        }),
      RUNNER_MSG.clientRunIdUsed(dto.client_run_id),
    );
    await this.runs.insertTraces(run.id, keptTraces(dto));
    return run;
  }

  /** The next stage (or null: finished) when the run completed its stage; undefined otherwise. */
  private async advance(
    acct: AccountCtx,
    unit: SerialNumberRow,
    productId: number,
    visit: StageVisit,
    runId: number,
  ): Promise<StageNo | undefined> {
    const stageNo = visit.stageNo!;
    const tests = await this.runs.stageTests(unit.id, visit.historyId, productId, stageNo);
    const after = stageAfterRun(await this.history.stages(productId), stageNo, tests.map(stageTestState));
    if (after !== undefined)
      await this.history.write(acct.accountId, [unit.id], after, 'advance', acct.userName, runId);
    return after;
  }
}
