/**
 * Runs with step results and traces for the analysis specs (not part of the build): written
 * straight into the tables, one statement each, in the order given.
 */
import type { StepResult, Verdict } from '@sweepline/domain';
import { encodeFloat32 } from '@sweepline/domain';
import type { TestApp } from '../../../test/test-app';
import { foldStepValues, insertProduct, insertSeq } from './report-fixtures';

export interface AnalysisRun {
  sn: string;
  productId: number;
  seqId: number;
  start: string;
  result: Verdict;
  version: number;
  steps: StepResult[];
  /** Stored traces by step index. */
  traces?: { stepIndex: number; freqsMhz: number[]; values: number[] }[];
}

/** Inserts the runs (and their serial numbers and traces) and folds their step values; answers their ids in order. */
export async function insertAnalysisRuns(
  t: TestApp,
  accountId: number,
  runs: readonly AnalysisRun[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const run of runs) {
    await t.dataSource.query(
      `INSERT INTO serial_number (account_id, product_id, sn, created_by_name) VALUES ($1, $2, $3, 'fixture')
       ON CONFLICT (product_id, sn, account_id) DO NOTHING`,
      [accountId, run.productId, run.sn],
    );
    const [row] = await t.dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
       SELECT $1, $2, $3, n.id, $4, 0, 1, gen_random_uuid()::text, $5, $6, $6, $7, NULL, 'fixture', $8, false
         FROM serial_number n WHERE n.product_id = $2 AND n.sn = $4
       RETURNING id::float8 AS id`,
      [
        accountId,
        run.productId,
        run.seqId,
        run.sn,
        run.version,
        run.start,
        run.result,
        JSON.stringify(run.steps),
      ],
    );
    ids.push(row.id);
    for (const trace of run.traces ?? []) {
      await t.dataSource.query(
        `INSERT INTO run_trace (run_id, step_index, freqs_mhz, vals, account_id) VALUES ($1, $2, $3, $4, $5)`,
        [
          row.id,
          trace.stepIndex,
          Buffer.from(encodeFloat32(trace.freqsMhz)),
          Buffer.from(encodeFloat32(trace.values)),
          accountId,
        ],
      );
    }
  }
  await foldStepValues(t.dataSource, accountId);
  return ids;
}

/** A product named `product` with one test, "Final", and the runs `runsOf` gives for them. */
export async function insertTestWithRuns(
  t: TestApp,
  accountId: number,
  product: string,
  runsOf: (productId: number, seqId: number) => AnalysisRun[],
): Promise<void> {
  const productId = await insertProduct(t, accountId, product);
  const seqId = await insertSeq(t, accountId, productId, 'Final');
  await insertAnalysisRuns(t, accountId, runsOf(productId, seqId));
}

/** A measured row. */
export function measured(
  title: string,
  value: number | string | null,
  lower: number | null,
  upper: number | null,
  unit = 'dB',
): StepResult {
  const result =
    typeof value === 'number' && (lower === null || value >= lower) && (upper === null || value <= upper)
      ? 1
      : 0;
  return {
    title,
    isHeader: false,
    lower,
    upper,
    value,
    unit,
    result: typeof value === 'number' ? result : 1,
  };
}

export const heading = (title: string): StepResult => ({
  title,
  isHeader: true,
  lower: null,
  upper: null,
  value: null,
  unit: '',
  result: 1,
});

/** Anything that sends SQL: the data source, or a query runner holding a transaction. */
export interface SqlSender {
  query: (sql: string, params: unknown[]) => Promise<unknown>;
}

/**
 * One INSERT of copies of the account's first runs (by id), the i-th starting `minutes[i]` after
 * `start`, in that order, then their fold on the same connection: rows of one statement, out of
 * time order, as the roll-up triggers meet them.
 */
export async function insertRunCopies(db: SqlSender, accountId: number, start: string, minutes: number[]) {
  await db.query(
    `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                      client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
     SELECT r.account_id, r.product_id, r.seq_id, r.serial_number_id, r.sn, 0, 3, gen_random_uuid()::text,
            r.seq_version, $2::timestamptz + u.m * interval '1 minute', $2::timestamptz + u.m * interval '1 minute',
            r.result, NULL, 'fixture', r.steps, false
       FROM unnest($3::int[]) WITH ORDINALITY AS u(m, k)
       JOIN (SELECT run.*, row_number() OVER (ORDER BY id) AS k FROM run WHERE account_id = $1) r ON r.k = u.k
      ORDER BY u.k`,
    [accountId, start, minutes],
  );
  await foldStepValues(db, accountId);
}

/**
 * Two uploads at once where the later run commits first: `later` inserts in a transaction held
 * open, `earlier` starts its own and waits on the roll-up row the first holds, then the later
 * commits, and the earlier after it.
 */
export async function laterCommitsFirst(
  t: () => TestApp,
  later: (db: SqlSender) => Promise<unknown>,
  earlier: (db: SqlSender) => Promise<unknown>,
): Promise<void> {
  const first = t().dataSource.createQueryRunner();
  const second = t().dataSource.createQueryRunner();
  try {
    await first.startTransaction();
    await later(first);
    await second.startTransaction();
    const waiting = earlier(second);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.commitTransaction();
    await waiting;
    await second.commitTransaction();
  } finally {
    await first.release();
    await second.release();
  }
}
