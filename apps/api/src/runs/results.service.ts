import { Injectable } from '@nestjs/common';
import {
  decodeFloat32,
  MSG,
  NotFound,
  Refused,
  RunReport,
  SN_MSG,
  SnReport,
  TraceData,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { SnReportQueryDto } from './dto/results.dto';
import { ReportRunRow, ResultsRepository } from './results.repository';
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
  };
}

/** The Test Result screen (docs/requirements/results.md#screen, docs/requirements/results.md#entities, docs/requirements/results.md#calls) and the traces of a run (docs/requirements/storage.md#traces). */
@Injectable()
export class ResultsService {
  constructor(
    private readonly results: ResultsRepository,
    private readonly runs: RunsRepository,
  ) {}

  /**
   * GET /report/sn: the runs of one serial number, newest first; is_all 0 keeps the latest run of
   * each test. When several products hold the serial number, the one tested last answers (the
   * spec's answer names one product); product_id chooses another.
   */
  async bySn(acct: AccountCtx, query: SnReportQueryDto): Promise<SnReport> {
    const sn = query.sn.trim();
    if (sn === '') throw new Refused(`sn: ${MSG.enterSerialNumber}`);
    const productId = query.product_id === undefined ? undefined : Number(query.product_id);
    const unit = await this.results.unit(acct.accountId, sn, productId);
    if (!unit) throw NotFound.saying(SN_MSG.notFound(sn));
    const rows = await this.results.runs(unit.id, query.is_all === '1');
    return {
      sn: unit.sn,
      productId: unit.product_id,
      productName: unit.product_name,
      reports: rows.map(reportOf),
    };
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
