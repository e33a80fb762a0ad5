import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '../../../test/test-app';
import { testTargets } from '../../../test/targets';
import { MIGRATIONS } from './index';
import { RunsByMonthAndAccountKeys1763857000000 } from './1763857000000-runs-by-month-and-account-keys';

const RUNS = 24_000;
const BEFORE = MIGRATIONS.slice(0, MIGRATIONS.indexOf(RunsByMonthAndAccountKeys1763857000000));

/**
 * A database as the service left it before the migration: two accounts (a demo-like one with two
 * products, their tests, steps, serial numbers at stages; a second account so rows of one cannot
 * land in the other), 24,000 runs every half hour back from now (some 16 months: a run exactly on
 * each month's first instant, and the one before it), a trace on every 20th run, a stored
 * attachment on every 100th, and the roll-up the trigger writes. One generate_series each.
 */
const SEED = `
  INSERT INTO account (name, is_active) VALUES ('Demo', true), ('Other', true);
  INSERT INTO product (account_id, name, create_user_name, update_user_name)
  SELECT a, 'P' || a || '-' || p, 'seed', 'seed' FROM generate_series(1, 2) a, generate_series(1, 2) p;
  INSERT INTO seq (account_id, product_id, name, stage_no, test_no, is_completed, create_user_name, update_user_name)
  SELECT p.account_id, p.id, 'T' || s, s, 1, true, 'seed', 'seed' FROM product p, generate_series(1, 2) s;
  INSERT INTO step (account_id, seq_id, position, name, is_default_name, instrument_id, action_id, param)
  SELECT s.account_id, s.id, k, 'Step ' || k, true, 1, 1, jsonb_build_object('k', k) FROM seq s, generate_series(1, 3) k;
  INSERT INTO serial_number (account_id, product_id, sn, created_by_name)
  SELECT p.account_id, p.id, 'SN' || p.id || '-' || u, 'seed' FROM product p, generate_series(1, 1000) u;
  INSERT INTO sn_stage_history (account_id, serial_number_id, stage_no, reason, created_by_name)
  SELECT account_id, id, 1, 'add', 'seed' FROM serial_number;
  UPDATE serial_number u SET current_history_id = h.id FROM sn_stage_history h WHERE h.serial_number_id = u.id;
  INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no, client_run_id,
                   seq_version, start_time, end_time, result, user_id, user_name, steps, is_first, created_at)
  SELECT u.account_id, u.product_id, s.id, u.id, u.sn, u.current_history_id, 1 + g / 4000, 'c-' || g, 1, t.at,
         t.at + interval '40 seconds', (g % 7 <> 0)::int - (g % 31 = 0)::int, NULL, 'seed',
         jsonb_build_array(jsonb_build_object('title', 'Gain', 'isHeader', false, 'lower', 10, 'upper', 20,
                                              'value', g % 25, 'unit', 'dB', 'result', (g % 25 >= 10)::int)),
         g <= 4000, t.at + interval '1 minute'
    FROM generate_series(1, ${RUNS}) g
    CROSS JOIN LATERAL (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                               - (${RUNS} - g) * interval '30 minutes' - (g % 2) * interval '1 microsecond' AS at) t
    JOIN serial_number u ON u.id = 1 + g % 4000
    JOIN seq s ON s.product_id = u.product_id AND s.stage_no = 1;
  INSERT INTO run_trace (run_id, step_index, freqs_mhz, vals)
  SELECT id, 0, decode(md5('f' || id) || md5('g' || id), 'hex'), decode(md5('v' || id) || md5('w' || id), 'hex')
    FROM run WHERE id % 20 = 0;
  INSERT INTO attachment (account_id, run_id, step_index, kind, file_name, content_type, size, data)
  SELECT account_id, id, 0, 'screenshot', 'screen.png', 'image/png', 64, decode(repeat(md5('a' || id), 4), 'hex')
    FROM run WHERE id % 100 = 0;`;

/** Every row of each table the migration rewrites or re-keys, as one digest per table (old columns). */
const CONTENTS = {
  run: `SELECT id, account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no, client_run_id,
               seq_version, start_time, end_time, result, user_id, user_name, steps, is_first, created_at FROM run`,
  run_trace: 'SELECT run_id AS id, step_index, freqs_mhz, vals FROM run_trace',
  attachment: 'SELECT * FROM attachment',
  serial_number: 'SELECT * FROM serial_number',
  sn_stage_history: 'SELECT * FROM sn_stage_history',
  run_unit_day: `SELECT account_id || '/' || product_id || '/' || day || '/' || serial_number_id AS id, * FROM run_unit_day`,
  product: 'SELECT * FROM product',
  seq: 'SELECT * FROM seq',
  step: 'SELECT * FROM step',
};

async function digests(db: DataSource): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const [table, sql] of Object.entries(CONTENTS)) {
    const [row] = (await db.query(
      `SELECT count(*)::int AS rows, md5(string_agg(x::text, E'\\n' ORDER BY x.id::text, x::text)) AS md5 FROM (${sql}) x`,
    )) as { rows: number; md5: string }[];
    out[table] = row!;
  }
  return out;
}

for (const target of testTargets()) {
  describe(`migration 1763857000000 on a database in use [${target.name}]`, () => {
    let url: string;
    let db: DataSource;

    beforeAll(async () => {
      url = await createTestDatabase(target, false);
      db = new DataSource({ type: 'postgres', url, migrations: BEFORE });
      await db.initialize();
      await db.runMigrations({ transaction: 'all' });
      await db.query(SEED);
    }, 120_000);
    afterAll(async () => {
      await db?.destroy();
      await dropTestDatabase(target, url);
    });

    it('keeps every run, trace and attachment byte for byte, each run in its month', async () => {
      const before = await digests(db);
      expect(before['run']!.rows).toBe(RUNS);
      expect(before['run_trace']!.rows).toBe(RUNS / 20);
      expect(before['attachment']!.rows).toBe(RUNS / 100);
      await db.destroy();
      db = new DataSource({ type: 'postgres', url, migrations: MIGRATIONS });
      await db.initialize();
      expect((await db.runMigrations({ transaction: 'all' })).map((m) => m.name)).toContain(
        'RunsByMonthAndAccountKeys1763857000000',
      );
      expect(await digests(db)).toEqual(before);

      // each partition holds exactly its month's runs, and the default partition none
      const misplaced = (await db.query(
        `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM run
          WHERE tableoid::regclass::text <> to_char(start_time AT TIME ZONE 'UTC', '"run_y"YYYY"m"MM')
          GROUP BY 1`,
      )) as unknown[];
      expect(misplaced).toEqual([]);
      const [months] = (await db.query(
        `SELECT count(DISTINCT tableoid)::int AS parts,
                count(DISTINCT date_trunc('month', start_time AT TIME ZONE 'UTC'))::int AS months FROM run`,
      )) as { parts: number; months: number }[];
      expect(months!.parts).toBe(months!.months);
      expect(months!.months).toBeGreaterThanOrEqual(14);
      // a trace's account is its run's
      const [traces] = (await db.query(
        `SELECT count(*)::int AS n FROM run_trace t JOIN run r ON r.id = t.run_id AND r.account_id = t.account_id`,
      )) as { n: number }[];
      expect(traces!.n).toBe(RUNS / 20);
      // every run's client id is in run_client_id (migration 1763857100000), pointing at it
      const [ids] = (await db.query(
        `SELECT count(*)::int AS n FROM run_client_id c
           JOIN run r ON r.id = c.run_id AND r.account_id = c.account_id AND r.start_time = c.start_time
                     AND r.client_run_id = c.client_run_id`,
      )) as { n: number }[];
      expect(ids!.n).toBe(RUNS);
    }, 300_000);

    it('continues the run ids where they were', async () => {
      const [row] = (await db.query(
        `SELECT nextval('run_id_seq')::int AS next, (SELECT max(id)::int FROM run) AS max`,
      )) as { next: number; max: number }[];
      expect(row!.next).toBe(row!.max + 1);
    });
  });
}
