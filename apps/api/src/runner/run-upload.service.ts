import { Injectable, Logger } from '@nestjs/common';
import {
  Conflict,
  encodeFloat32,
  isEarlierRun,
  keepsTrace,
  NotFound,
  Refused,
  RELEASE_MSG,
  RUNNER_MSG,
  RunUpload,
  RunUploadAnswer,
  runUploadError,
  SN_MSG,
  STAGE_MSG,
  stageAfterRun,
  StepResult,
  Verdict,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { orConflict, refuseFirst } from '../common/refusals';
import { TrialQuotaService } from '../rate-limit/trial-quota.service';
import { StageVisits } from '../serial-numbers/stage-visits.service';
import { SpcJudge } from '../spc/spc-judge.service';
import {
  FoundOrigin,
  NewRun,
  RunUploadRepository,
  StoredRunOrigin,
  StoredTrace,
  UploadedRun,
  UploadedRunKey,
  UploadState,
  UploadTest,
  UploadUnit,
} from './run-upload.repository';
import { foundOrigin, namesInstruments, originWrites, storedOrigin } from './upload-origin';

/**
 * The step results as stored: the seven fields of docs/requirements/results.md#entities, in that order, then our
 * optional warnings when there are any, what a traced result needs to be drawn, and the answers
 * an answered step was judged against (the record says why it passed).
 */
function stepsOf(steps: readonly StepResult[]): StepResult[] {
  return steps.map(({ title, isHeader, lower, upper, value, unit, result, warnings, plot, expected }) => ({
    title,
    isHeader,
    lower,
    upper,
    value,
    unit,
    result,
    ...(warnings?.length ? { warnings } : {}),
    ...(plot ? { plot } : {}),
    ...(expected ? { expected } : {}),
  }));
}

/** docs/requirements/storage.md#traces: only traces of report-marked and failed steps are stored. */
function keptTraces(dto: RunUpload): StoredTrace[] {
  return (dto.traces ?? [])
    .filter((trace) => keepsTrace(trace, dto.steps[trace.step_index]!))
    .map((trace) => ({
      stepIndex: trace.step_index,
      freqs: Buffer.from(encodeFloat32(trace.freqs_MHz)),
      values: Buffer.from(encodeFloat32(trace.values)),
    }));
}

/** The bytes a run's kept traces take in storage. */
function storedBytes(traces: readonly StoredTrace[]): number {
  return traces.reduce((bytes, trace) => bytes + trace.freqs.length + trace.values.length, 0);
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

/** The run to store, and what changes with it: the first-run mark, the stage. */
function newRun(
  acct: AccountCtx,
  byToken: boolean,
  dto: RunUpload,
  o: {
    test: UploadTest;
    unit: UploadUnit;
    historyId: number;
    state: UploadState;
    origin: StoredRunOrigin;
  },
): NewRun {
  const startTime = new Date(dto.start_time);
  const first = o.state.first;
  const isFirst =
    !first ||
    isEarlierRun(
      { startTime: startTime.getTime(), result: dto.result, id: Infinity },
      { startTime: first.startMs, result: first.result, id: first.id },
    );
  return {
    accountId: acct.accountId,
    productId: o.test.product_id,
    seqId: o.test.id,
    serialNumberId: o.unit.id,
    sn: o.unit.sn,
    historyId: o.historyId,
    runNo: o.state.runs + 1,
    clientRunId: dto.client_run_id,
    seqVersion: dto.seq_version,
    // a runner names the release it ran; an older one's run ran the release of its version, if any
    releaseNo: dto.release_no ?? o.test.version_release_no,
    startTime,
    endTime: new Date(dto.end_time),
    result: dto.result as Verdict,
    // an API token is not a person: its runs carry the token's name only
    userId: byToken ? null : acct.userId,
    userName: acct.userName,
    steps: stepsOf(dto.steps),
    isFirst,
    traces: keptTraces(dto),
    // a run uploaded late from an offline queue may have started before the one marked first
    unmarkFirst: first && isFirst ? { id: first.id, start: first.start } : null,
    origin: o.origin,
  };
}

/**
 * POST /runner/runs (docs/requirements/process-control.md#which-test-may-run, docs/requirements/runner.md#run-upload). A refused
 * upload stores nothing; a repeated client_run_id answers the first upload's result. The serial
 * number's row is locked before anything is read that the upload depends on, so uploads of one
 * unit, jumps and deletes take turns. Three statements (RunUploadRepository): the target with
 * the lock, the state under the lock (with what the account knows of the run's instruments and
 * calibrations), the writes; one more when the run names an instrument or a calibration the
 * account does not know yet, or changes an instrument's row, and two more after the writes when
 * its origin set is new (docs/traceability.md); another (StageVisits) when the run's pass moves
 * the serial number on.
 */
@Injectable()
export class RunUploadService {
  private readonly log = new Logger('RunUpload');

  constructor(
    private readonly repo: RunUploadRepository,
    private readonly visits: StageVisits,
    private readonly quota: TrialQuotaService,
    private readonly spc: SpcJudge,
  ) {}

  async upload(acct: AccountCtx, byToken: boolean, body: unknown): Promise<RunUploadAnswer> {
    const malformed = runUploadError(body, Date.now());
    refuseFirst(malformed ? [malformed] : []);
    const dto = body as RunUpload;
    const { repeat, test, unit } = await this.repo.target(acct.accountId, dto);
    // a repeat answers as the first time, even if the test or the stage changed since
    if (repeat) return this.repeated(acct.accountId, repeat, dto);
    if (!test) throw new NotFound('Test');
    if (dto.product_id !== undefined && dto.product_id !== test.product_id) {
      throw new Refused(`product_id: ${RUNNER_MSG.notOfProduct(test.name, dto.product_id)}`);
    }
    if (!unit) throw NotFound.saying(SN_MSG.notInProduct(dto.sn, test.product_name));
    const state = await this.repo.state(
      acct.accountId,
      dto.client_run_id,
      unit,
      test,
      new Date(dto.start_time),
      dto.result,
      dto,
    );
    if (state.twin) return this.repeated(acct.accountId, state.twin, dto);
    this.checkContent(dto, test);
    const stageNo = this.checkStage(unit, test, state, dto.release_no === undefined);
    const found = namesInstruments(dto) ? await this.foundOrigin(acct.accountId, dto, state) : undefined;
    const origin = storedOrigin(dto, found);
    // a serial number added before its product had tests is placed at the first stage now
    const historyId =
      unit.history_id ?? (await this.visits.place(acct.accountId, unit.id, stageNo, acct.userName));
    const run = newRun(acct, byToken, dto, { test, unit, historyId, state, origin });
    // a free-trial account's quotas (a repeat, answered above, is not counted again)
    await this.quota.chargeRun(acct.accountId, storedBytes(run.traces));
    if (run.unmarkFirst) await this.repo.unmarkFirst(run.unmarkFirst);
    const stored = await orConflict(
      () => this.repo.store(run),
      RUNNER_MSG.clientRunIdUsed(dto.client_run_id),
    );
    const after = stageAfterRun(state.stages, stageNo, state.tests);
    if (after !== undefined)
      await this.visits.advance(acct.accountId, unit.id, after, stored.id, acct.userName);
    // production SPC judges the stored values of steps with frozen limits (docs/architecture.md)
    if (state.frozen_limits)
      await this.spc.judgeRun(acct.accountId, { seqId: test.id, runId: stored.id, startTime: run.startTime });
    // stored all the same; the daily partition upkeep moves it when its month's partition is made
    if (stored.outside)
      this.log.warn(
        `Run ${stored.id} starts ${dto.start_time}, outside every monthly partition of run: stored in run_default`,
      );
    return {
      run_id: stored.id,
      run_no: run.runNo,
      stage_no: after === undefined ? stageNo : after,
      finished: after === null,
    };
  }

  /**
   * The upload's instruments and calibrations as the account knows them: as STATE read them, after
   * registering what it did not know and refreshing what the run changes (one statement, only
   * then). Here, before the run is judged stored: a refusal rolls them back.
   */
  private async foundOrigin(accountId: number, dto: RunUpload, state: UploadState): Promise<FoundOrigin> {
    const writes = originWrites(dto, state);
    const written =
      writes.instruments.length + writes.calibrations.length > 0
        ? await this.repo.writeOrigin(accountId, dto, writes, state.instruments)
        : undefined;
    return foundOrigin(state, written);
  }

  /** The answer to a client_run_id stored before: the first upload's, if it was this run's. */
  private async repeated(accountId: number, key: UploadedRunKey, dto: RunUpload): Promise<RunUploadAnswer> {
    const run = await this.repo.uploadedRun(accountId, key);
    if (run.seq_id !== dto.seq_id || run.sn !== dto.sn)
      throw new Conflict(RUNNER_MSG.clientRunIdUsed(dto.client_run_id));
    return answerOf(run);
  }

  /**
   * What the run ran may be stored (docs/releases.md, "Uploads"): a release it names must be
   * released (an older one too: a late run from the offline queue), and the draft may have changed
   * since; without one, the run ran the draft of its version, which must be the draft's still.
   */
  private checkContent(dto: RunUpload, test: UploadTest): void {
    if (dto.release_no === undefined) {
      if (dto.seq_version !== test.version) throw new Conflict(RUNNER_MSG.testChanged);
    } else if (test.named_release_state !== 'released') {
      throw new Conflict(RELEASE_MSG.notRunnable(test.name, dto.release_no));
    }
  }

  /**
   * The stage the run belongs to, when the serial number is at the test's stage and, for a run
   * of the draft (`ranDraft`), the test complete.
   */
  private checkStage(unit: UploadUnit, test: UploadTest, state: UploadState, ranDraft: boolean): number {
    const placed = unit.history_id !== null;
    if (placed && state.visit_stage === null) throw new Conflict(STAGE_MSG.finished(unit.sn));
    // without an entry the serial number is at the product's first stage of now
    const stageNo = placed ? state.visit_stage! : state.stages[0]!;
    if (stageNo !== test.stage_no) {
      throw new Conflict(STAGE_MSG.wrongStage(unit.sn, stageNo, test.name, test.stage_no));
    }
    if (ranDraft && !test.is_completed)
      throw new Conflict(RUNNER_MSG.notComplete(test.name, 'complete it before running it'));
    return stageNo;
  }
}
