/**
 * Helpers of the report specs (not part of the build: testing/ folders are skipped): products,
 * tests and runs written straight into the tables, with run.is_first set by the upload's rule
 * (earliest start time, then the lowest result, then upload order: docs/api/runs.md).
 */
import type { RunRecord, Verdict } from '@sweepline/domain';
import type { TestApp } from '../../../test/test-app';

export async function insertProduct(t: TestApp, accountId: number, name: string): Promise<number> {
  const [row] = await t.dataSource.query(
    `INSERT INTO product (account_id, name, create_user_name, update_user_name)
     VALUES ($1, $2, 'fixture', 'fixture') RETURNING id`,
    [accountId, name],
  );
  return row.id;
}

export async function insertSeq(
  t: TestApp,
  accountId: number,
  productId: number,
  name: string,
  stageNo = 1,
  testNo = 1,
): Promise<number> {
  const [row] = await t.dataSource.query(
    `INSERT INTO seq (account_id, product_id, name, stage_no, test_no, create_user_name, update_user_name)
     VALUES ($1, $2, $3, $4, $5, 'fixture', 'fixture') RETURNING id`,
    [accountId, productId, name, stageNo, testNo],
  );
  return row.id;
}

export interface FixtureRun {
  sn: string;
  productId: number;
  seqId: number;
  /** ISO 8601, or epoch milliseconds. */
  start: string | number;
  result: Verdict;
  /** Upload time (the back office counts by it); default now. */
  createdAt?: string;
}

/**
 * Folds the account's queued runs into run_step_value and its roll-ups (migration 1763861400000),
 * as an analytics read does first and the API's background folder does shortly after an upload.
 */
export async function foldStepValues(
  db: { query: (sql: string, params: unknown[]) => Promise<unknown> },
  accountId: number,
): Promise<void> {
  await db.query('SELECT run_step_values_fold($1, NULL, NULL)', [accountId]);
}

/**
 * Inserts the runs (and the serial numbers they need) in one statement each, in the order given
 * (= upload order), then marks every unit's first run of each test and folds their step values.
 */
export async function insertRuns(t: TestApp, accountId: number, runs: readonly FixtureRun[]): Promise<void> {
  if (runs.length === 0) return;
  const ds = t.dataSource;
  const iso = (start: string | number) => new Date(start).toISOString();
  await ds.query(
    `INSERT INTO serial_number (account_id, product_id, sn, created_by_name)
     SELECT DISTINCT $1::int, p, s, 'fixture' FROM unnest($2::int[], $3::text[]) AS u(p, s)
     ON CONFLICT (product_id, sn, account_id) DO NOTHING`,
    [accountId, runs.map((r) => r.productId), runs.map((r) => r.sn)],
  );
  await ds.query(
    `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                      client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps,
                      is_first, created_at)
     SELECT $1, u.p, u.q, n.id, u.s, 0, 1, gen_random_uuid()::text, 1, u.t, u.t, u.r, NULL, 'fixture', '[]',
            false, coalesce(u.c, now())
       FROM unnest($2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::smallint[], $7::timestamptz[])
            WITH ORDINALITY AS u(p, q, s, t, r, c, i)
       JOIN serial_number n ON n.product_id = u.p AND n.sn = u.s
      ORDER BY u.i`,
    [
      accountId,
      runs.map((r) => r.productId),
      runs.map((r) => r.seqId),
      runs.map((r) => r.sn),
      runs.map((r) => iso(r.start)),
      runs.map((r) => r.result),
      runs.map((r) => r.createdAt ?? null),
    ],
  );
  await ds.query(
    `UPDATE run r SET is_first = (r.id = f.id)
       FROM (SELECT DISTINCT ON (serial_number_id, seq_id) serial_number_id, seq_id, id
               FROM run WHERE account_id = $1
              ORDER BY serial_number_id, seq_id, start_time, result, id) f
      WHERE r.account_id = $1 AND r.serial_number_id = f.serial_number_id AND r.seq_id = f.seq_id`,
    [accountId],
  );
  await foldStepValues(ds, accountId);
}

/** Every run of the account as the domain's report functions take them. */
export async function runRecords(t: TestApp, accountId: number): Promise<RunRecord[]> {
  const rows = await t.dataSource.query(
    `SELECT sn, seq_id, product_id, (extract(epoch FROM start_time) * 1000)::float8 AS ms, result
       FROM run WHERE account_id = $1`,
    [accountId],
  );
  return rows.map((row: { sn: string; seq_id: number; product_id: number; ms: number; result: number }) => ({
    sn: row.sn,
    seqId: row.seq_id,
    productId: row.product_id,
    startTime: Math.round(row.ms),
    result: row.result as Verdict,
  }));
}
