import { Injectable } from '@nestjs/common';
import { Verdict, NotFound } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { Db } from '../database/transaction';

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

/**
 * The SQL of runs and traces. Run ids are bigint: PostgreSQL sends them as text, read back with
 * Number() (exact up to 2^53).
 */
@Injectable()
export class RunsRepository {
  constructor(
    private readonly db: Db,
    /** The run detail and traces, on the standby once it has replayed them (ReadDb.fresh). */
    private readonly reads: ReadDb,
  ) {}

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

  /** A run of the account with its number of step results; 404 otherwise. `lock` takes it for update. */
  async run(accountId: number, runId: number, lock = false): Promise<{ id: number; step_count: number }> {
    const sql = `SELECT id::float8 AS id, jsonb_array_length(steps) AS step_count FROM run
        WHERE id = $1 AND account_id = $2 ${lock ? 'FOR UPDATE' : ''}`;
    // a lock is the primary's; a plain look-up may be the standby's
    const [row] = lock
      ? await this.db.query<{ id: number; step_count: number }>(sql, [runId, accountId])
      : await this.reads.fresh<{ id: number; step_count: number }>(sql, [runId, accountId]);
    if (!row) throw new NotFound('Run');
    return row;
  }

  traces(runId: number): Promise<{ step_index: number; freqs_mhz: Buffer; vals: Buffer }[]> {
    return this.reads.fresh(
      'SELECT step_index, freqs_mhz, vals FROM run_trace WHERE run_id = $1 ORDER BY step_index',
      [runId],
    );
  }
}
