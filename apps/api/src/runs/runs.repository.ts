import { Injectable } from '@nestjs/common';
import { StepResult, Verdict } from '@sweepline/domain';
import { notFound } from '../common/api-error';
import { Db } from '../database/transaction';

/** A run as POST /runner/runs stores it. */
export interface NewRun {
  accountId: number;
  productId: number;
  seqId: number;
  serialNumberId: number;
  sn: string;
  historyId: number;
  clientRunId: string;
  seqVersion: number;
  startTime: Date;
  endTime: Date;
  result: Verdict;
  userId: number | null;
  userName: string;
  steps: StepResult[];
  isFirst: boolean;
}

export interface StoredTrace {
  stepIndex: number;
  freqs: Buffer;
  values: Buffer;
}

/** A stored run found by its client run id, and what the first upload answered. */
export interface UploadedRun {
  id: number;
  run_no: number;
  seq_id: number;
  sn: string;
  visit_stage: number | null;
  /** Set when the run's pass advanced the serial number: its 'advance' entry. */
  advanced: boolean;
  after_stage: number | null;
}

/** A test of a stage and how the serial number fared at it in one stage visit. */
export interface StageTestRow {
  id: number;
  name: string;
  stage_no: number;
  test_no: number;
  version: number;
  is_completed: boolean;
  /** Runs of the test in the visit. */
  runs: number;
  /** Result of the latest of them (by start time, then upload order); null without runs. */
  latest: Verdict | null;
}

export interface FirstRun {
  id: number;
  start_time: Date;
  result: Verdict;
}

/**
 * The SQL of runs and traces. Run ids are bigint: PostgreSQL sends them as text, read back with
 * Number() (exact up to 2^53).
 */
@Injectable()
export class RunsRepository {
  constructor(private readonly db: Db) {}

  async uploaded(accountId: number, clientRunId: string): Promise<UploadedRun | undefined> {
    const [row] = await this.db.query<UploadedRun>(
      `SELECT r.id::float8 AS id, r.run_no, r.seq_id, r.sn, h.stage_no::int AS visit_stage,
              a.id IS NOT NULL AS advanced, a.stage_no::int AS after_stage
         FROM run r
         JOIN sn_stage_history h ON h.id = r.sn_stage_history_id
         LEFT JOIN sn_stage_history a ON a.run_id = r.id
        WHERE r.account_id = $1 AND r.client_run_id = $2`,
      [accountId, clientRunId],
    );
    return row;
  }

  /** The live tests of a stage, with the serial number's runs of each in the visit (none without a visit). */
  stageTests(
    unitId: number,
    historyId: number | null,
    productId: number,
    stageNo: number,
  ): Promise<StageTestRow[]> {
    return this.db.query<StageTestRow>(
      `SELECT s.id, s.name, s.stage_no::int AS stage_no, s.test_no::int AS test_no, s.version, s.is_completed,
              (SELECT count(*)::int FROM run r
                WHERE r.serial_number_id = $1 AND r.seq_id = s.id AND r.sn_stage_history_id = $2) AS runs,
              (SELECT r.result::int FROM run r
                WHERE r.serial_number_id = $1 AND r.seq_id = s.id AND r.sn_stage_history_id = $2
                ORDER BY r.start_time DESC, r.id DESC LIMIT 1) AS latest
         FROM seq s
        WHERE s.product_id = $3 AND s.deleted_at IS NULL AND s.stage_no = $4
        ORDER BY s.test_no, s.id`,
      [unitId, historyId, productId, stageNo],
    );
  }

  /** The run that is now the serial number's first of the test, if any. */
  async firstRun(unitId: number, seqId: number): Promise<FirstRun | undefined> {
    const [row] = await this.db.query<FirstRun>(
      `SELECT id::float8 AS id, start_time, result::int AS result FROM run
        WHERE serial_number_id = $1 AND seq_id = $2 AND is_first`,
      [unitId, seqId],
    );
    return row;
  }

  async unmarkFirst(runId: number): Promise<void> {
    await this.db.query('UPDATE run SET is_first = false WHERE id = $1', [runId]);
  }

  /**
   * Stores a run; its run_no is 1 + the runs of the test in the same stage visit (DESIGN.md),
   * counted in the statement, under the serial number's lock the caller holds.
   */
  async insert(run: NewRun): Promise<{ id: number; runNo: number }> {
    const [row] = await this.db.query<{ id: number; runNo: number }>(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
       VALUES ($1, $2, $3, $4, $5, $6,
               (SELECT count(*) + 1 FROM run WHERE serial_number_id = $4 AND seq_id = $3 AND sn_stage_history_id = $6),
               $7, $8, $9, $10, $11, $12, $13, $14, $15)
       RETURNING id::float8 AS id, run_no AS "runNo"`,
      [
        run.accountId,
        run.productId,
        run.seqId,
        run.serialNumberId,
        run.sn,
        run.historyId,
        run.clientRunId,
        run.seqVersion,
        run.startTime,
        run.endTime,
        run.result,
        run.userId,
        run.userName,
        JSON.stringify(run.steps),
        run.isFirst,
      ],
    );
    return row!;
  }

  async insertTraces(runId: number, traces: readonly StoredTrace[]): Promise<void> {
    if (traces.length === 0) return;
    await this.db.query(
      `INSERT INTO run_trace (run_id, step_index, freqs_mhz, vals)
       SELECT $1, * FROM unnest($2::int[], $3::bytea[], $4::bytea[])`,
      [runId, traces.map((t) => t.stepIndex), traces.map((t) => t.freqs), traces.map((t) => t.values)],
    );
  }

  /** A run of the account with its number of step results; 404 otherwise. `lock` takes it for update. */
  async run(accountId: number, runId: number, lock = false): Promise<{ id: number; step_count: number }> {
    const [row] = await this.db.query<{ id: number; step_count: number }>(
      `SELECT id::float8 AS id, jsonb_array_length(steps) AS step_count FROM run
        WHERE id = $1 AND account_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [runId, accountId],
    );
    if (!row) throw notFound('Run');
    return row;
  }

  traces(runId: number): Promise<{ step_index: number; freqs_mhz: Buffer; vals: Buffer }[]> {
    return this.db.query(
      'SELECT step_index, freqs_mhz, vals FROM run_trace WHERE run_id = $1 ORDER BY step_index',
      [runId],
    );
  }
}
