import { Injectable } from '@nestjs/common';
import {
  decodeFloat32,
  LATEST_RUNS,
  LatestRun,
  MSG,
  NotFound,
  Refused,
  RunReport,
  SN_MSG,
  SnReport,
  StepResult,
  TraceData,
  lacksPlots,
  withDerivedPlots,
} from '@sweepline/domain';
import { EditorService } from '../editor/editor.service';
import { AccountCtx } from '../auth/auth-context';
import { SnProductsQueryDto, SnReportQueryDto } from './dto/results.dto';
import { runReleaseOf } from './release-of-run.sql';
import { ReportRunRow, ReportUnit, ResultsRepository } from './results.repository';
import { RunsRepository, StageTestRow } from './runs.repository';

function reportOf(row: ReportRunRow): RunReport {
  return {
    runId: row.id,
    seqId: row.seq_id,
    snStageHistoryId: row.sn_stage_history_id,
    runNo: row.run_no,
    startTime: row.start_time.toISOString(),
    seqName: row.seq_name,
    seqVersion: row.seq_version,
    currentSeqVersion: row.current_seq_version,
    result: row.result,
    userName: row.user_name,
    steps: row.steps,
    release: runReleaseOf(row),
  };
}

/** The Test Result screen (docs/requirements/results.md#screen, docs/requirements/results.md#entities, docs/requirements/results.md#calls) and the traces of a run (docs/requirements/storage.md#traces). */
@Injectable()
export class ResultsService {
  constructor(
    private readonly results: ResultsRepository,
    private readonly runs: RunsRepository,
    private readonly editor: EditorService,
  ) {}

  /**
   * GET /report/sn: the runs of one serial number, newest first; is_all 0 keeps the latest run of
   * each test. When several products hold the serial number, the one tested last answers (the
   * spec's answer names one product), saying how many hold it (`productCount`, ours); product_id
   * chooses another.
   */
  async bySn(acct: AccountCtx, query: SnReportQueryDto): Promise<SnReport> {
    if (query.product_id !== undefined) {
      const [unit] = await this.units(acct, query.sn, Number(query.product_id));
      return this.reportOf(unit!, query.is_all === '1');
    }
    const units = await this.units(acct, query.sn);
    return { ...(await this.reportOf(units[0]!, query.is_all === '1')), productCount: units.length };
  }

  /**
   * GET /report/sn/products (ours, docs/web.md "Test Results"): the serial number's runs in every
   * product that holds it, each in GET /report/sn's shape, the product tested last first; so a
   * serial number in two products never hides one of them.
   */
  async bySnEveryProduct(acct: AccountCtx, query: SnProductsQueryDto): Promise<SnReport[]> {
    const units = await this.units(acct, query.sn);
    return Promise.all(units.map((unit) => this.reportOf(unit, query.is_all === '1')));
  }

  /** GET /report/latest (ours): the account's latest runs, newest first (the empty Test Results screen). */
  async latest(acct: AccountCtx): Promise<LatestRun[]> {
    const rows = await this.results.latest(acct.accountId, LATEST_RUNS);
    return rows.map((row) => ({
      runId: row.id,
      sn: row.sn,
      productId: row.product_id,
      productName: row.product_name,
      seqName: row.seq_name,
      result: row.result,
      startTime: row.start_time.toISOString(),
      release: runReleaseOf(row),
    }));
  }

  /** The serial number's units in the account's live products; none: 404. */
  private async units(acct: AccountCtx, rawSn: string, productId?: number): Promise<ReportUnit[]> {
    const sn = rawSn.trim();
    if (sn === '') throw new Refused(`sn: ${MSG.enterSerialNumber}`);
    const units = await this.results.units(acct.accountId, sn, productId);
    if (units.length === 0) throw NotFound.saying(SN_MSG.notFound(sn));
    return units;
  }

  private async reportOf(unit: ReportUnit, all: boolean): Promise<SnReport> {
    const rows = await this.results.runs(unit.id, all);
    const steps = new Map<number, ReturnType<EditorService['steps']>>();
    const reports = await Promise.all(
      rows.map(async (row) => ({
        ...reportOf(row),
        steps: await this.withPlots(row.seq_id, row.seq_version, row.current_seq_version, row.steps, steps),
      })),
    );
    return { sn: unit.sn, productId: unit.product_id, productName: unit.product_name, reports };
  }

  /**
   * A run's step results with the StepPlots the runner did not record (runs uploaded before it
   * did) derived from the test's steps (docs/measurements.md, "Limit lines"): only when the run
   * was made with the test's current version, since an edit may have moved a step's band.
   * `cache` shares one read of a test's steps among the runs of one answer.
   */
  async withPlots(
    seqId: number,
    seqVersion: number,
    currentSeqVersion: number,
    results: StepResult[],
    cache = new Map<number, ReturnType<EditorService['steps']>>(),
  ): Promise<StepResult[]> {
    if (seqVersion !== currentSeqVersion || !lacksPlots(results)) return results;
    if (!cache.has(seqId)) cache.set(seqId, this.editor.steps(seqId));
    return withDerivedPlots(results, await cache.get(seqId)!);
  }

  /** The stored traces of a run of the account, decoded from float32. */
  async traces(acct: AccountCtx, runId: number): Promise<TraceData[]> {
    await this.runs.run(acct.accountId, runId);
    return this.tracesOf(runId);
  }

  /** The traces of a run the caller has already found in its account (the PDF report's). */
  async tracesOf(runId: number): Promise<TraceData[]> {
    const rows = await this.runs.traces(runId);
    return rows.map((row) => ({
      stepIndex: row.step_index,
      freqs_MHz: decodeFloat32(row.freqs_mhz),
      values: decodeFloat32(row.vals),
    }));
  }

  /** The live tests of a stage with the serial number's runs of each in the visit (the runner's). */
  stageTests(
    unitId: number,
    historyId: number | null,
    productId: number,
    stageNo: number,
  ): Promise<StageTestRow[]> {
    return this.runs.stageTests(unitId, historyId, productId, stageNo);
  }
}
