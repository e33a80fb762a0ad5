import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '../../../test/test-app';
import { testTargets } from '../../../test/targets';
import { MIGRATIONS } from './index';
import { RunOriginSets1763860300000 } from './1763860300000-run-origin-sets';

const RUNS = 20_000;
const BEFORE = MIGRATIONS.slice(0, MIGRATIONS.indexOf(RunOriginSets1763860300000));
const THROUGH = MIGRATIONS.slice(0, MIGRATIONS.indexOf(RunOriginSets1763860300000) + 1);

/** The state at the run as the upload stored it (calibrationState on the run's UTC day). */
const STATE = `CASE WHEN d IS NULL THEN 'unknown' WHEN d < (t.at AT TIME ZONE 'UTC')::date THEN 'overdue'
                    WHEN d - (t.at AT TIME ZONE 'UTC')::date <= 30 THEN 'due' ELSE 'valid' END`;

/**
 * A database as issue 40's first builds left it: two accounts, each with two instruments and three
 * calibrations, and 20,000 runs, a third of which name nothing, the others an analyzer (and every
 * other one a PIM analyzer) with a due date that changes over the months, and most of them a
 * calibration of their day's third of the range for one or two step results.
 */
const SEED = `
  INSERT INTO account (name, is_active) VALUES ('Lab', true), ('Other', true);
  INSERT INTO product (account_id, name, create_user_name, update_user_name)
  SELECT a.id, 'P', 'seed', 'seed' FROM account a;
  INSERT INTO seq (account_id, product_id, name, stage_no, test_no, is_completed, create_user_name, update_user_name)
  SELECT p.account_id, p.id, 'T', 1, 1, true, 'seed', 'seed' FROM product p;
  INSERT INTO serial_number (account_id, product_id, sn, created_by_name)
  SELECT p.account_id, p.id, 'SN' || u, 'seed' FROM product p, generate_series(1, 100) u;
  INSERT INTO sn_stage_history (account_id, serial_number_id, stage_no, reason, created_by_name)
  SELECT account_id, id, 1, 'add', 'seed' FROM serial_number;
  UPDATE serial_number u SET current_history_id = h.id FROM sn_stage_history h WHERE h.serial_number_id = u.id;
  INSERT INTO instrument (account_id, role, vendor, model, serial)
  SELECT a.id, r.role, 'V', r.role, 'S' || a.id || r.role FROM account a,
         (VALUES ('network_analyzer'), ('pim_analyzer')) r(role);
  INSERT INTO calibration_record (account_id, client_key, instrument_id, kind, ports, start_mhz, stop_mhz, made_at, made_by)
  SELECT i.account_id, 'k' || i.id || '-' || c, i.id, 'mechanical', '1-2', 600, 2700, '2024-01-01', 'seed'
    FROM instrument i, generate_series(1, 3) c WHERE i.role = 'network_analyzer';
  CREATE TEMP TABLE seed_run AS
  SELECT g, u.account_id, u.product_id, s.id AS seq_id, u.id AS sn_id, u.sn, u.current_history_id,
         timestamptz '2025-01-01' + g * interval '20 minutes' AS at
    FROM generate_series(1, ${RUNS}) g
    JOIN serial_number u ON u.id = (SELECT min(id) FROM serial_number) + g % 200
    JOIN seq s ON s.product_id = u.product_id;
  INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no, client_run_id,
                   seq_version, start_time, end_time, result, user_name, steps, is_first, station)
  SELECT account_id, product_id, seq_id, sn_id, sn, current_history_id, 1 + g / 200, 'c-' || g, 1, at, at, 1, 'seed',
         '[]', false, CASE WHEN g % 3 <> 0 THEN 'LAB-' || g % 2 END
    FROM seed_run;
  CREATE TEMP TABLE seed_map AS SELECT substr(client_run_id, 3)::int AS g, id FROM run;
  INSERT INTO run_instrument (account_id, run_id, start_time, instrument_id, role, state_at_run, due_on)
  SELECT t.account_id, r.id, t.at, i.id, i.role, ${STATE}, d
    FROM seed_run t JOIN seed_map r USING (g)
    JOIN instrument i ON i.account_id = t.account_id AND (i.role = 'network_analyzer' OR t.g % 2 = 0)
    CROSS JOIN LATERAL (SELECT CASE WHEN i.role = 'pim_analyzer' THEN NULL
                                    WHEN t.at < '2025-03-01' THEN date '2025-03-20'
                                    ELSE date '2026-02-01' END AS d) due
   WHERE t.g % 3 <> 0;
  INSERT INTO run_calibration (account_id, run_id, start_time, calibration_id, step_indices)
  SELECT t.account_id, r.id, t.at, c.id, CASE WHEN t.g % 4 = 1 THEN '{1,2}'::int[] ELSE '{3}' END
    FROM seed_run t JOIN seed_map r USING (g)
    JOIN calibration_record c ON c.account_id = t.account_id
     AND c.client_key LIKE '%-' || (1 + t.g * 3 / ${RUNS})
   WHERE t.g % 3 <> 0 AND t.g % 5 <> 0;
  UPDATE run r SET instrument_ids = x.ids
    FROM (SELECT run_id, array_agg(instrument_id ORDER BY instrument_id) AS ids FROM run_instrument GROUP BY 1) x
   WHERE x.run_id = r.id;
  UPDATE run r SET calibration_ids = x.ids
    FROM (SELECT run_id, array_agg(calibration_id ORDER BY calibration_id) AS ids FROM run_calibration GROUP BY 1) x
   WHERE x.run_id = r.id;
  DROP TABLE seed_run, seed_map;`;

/** What the runs named, row by row, as one digest per table. */
const CONTENTS = {
  run_instrument: 'SELECT * FROM run_instrument ORDER BY run_id, instrument_id',
  run_calibration: 'SELECT * FROM run_calibration ORDER BY run_id, calibration_id',
  run: 'SELECT id, instrument_ids, calibration_ids FROM run ORDER BY id',
};

async function digests(db: DataSource): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const [table, sql] of Object.entries(CONTENTS)) {
    const [row] = (await db.query(
      `SELECT count(*)::int AS rows, md5(string_agg(x::text, E'\\n')) AS md5 FROM (${sql}) x`,
    )) as { rows: number; md5: string }[];
    out[table] = row!;
  }
  return out;
}

async function migrated(url: string, migrations: typeof MIGRATIONS): Promise<DataSource> {
  const db = new DataSource({ type: 'postgres', url, migrations });
  await db.initialize();
  await db.runMigrations({ transaction: 'all' });
  return db;
}

for (const target of testTargets()) {
  describe(`migration 1763860300000 on a database in use [${target.name}]`, () => {
    let url: string;
    let db: DataSource | undefined;

    beforeAll(async () => {
      url = await createTestDatabase(target, false);
      db = await migrated(url, BEFORE);
      await db.query(SEED);
    }, 120_000);
    afterAll(async () => {
      await db?.destroy();
      await dropTestDatabase(target, url);
    });

    it('makes each distinct content one set, points every run to its own, and undoes to the same rows', async () => {
      const before = await digests(db!);
      expect(before['run_instrument']!.rows).toBeGreaterThan(RUNS);
      expect(before['run_calibration']!.rows).toBeGreaterThan(RUNS / 2);
      await db!.destroy();
      db = await migrated(url, THROUGH);

      const [counts] = (await db.query(
        `SELECT (SELECT count(*) FROM run_origin_set)::int AS sets,
                (SELECT count(*) FROM run WHERE origin_set_id IS NOT NULL)::int AS named,
                (SELECT count(*) FROM run r JOIN run_origin_set s ON s.id = r.origin_set_id
                  WHERE s.account_id <> r.account_id)::int AS elsewhere`,
      )) as { sets: number; named: number; elsewhere: number }[];
      // by account: with or without PIM, two due dates, a calibration of three (or none) with one
      // of two step lists; each account has its own
      expect(counts).toEqual({ sets: expect.any(Number), named: RUNS - Math.floor(RUNS / 3), elsewhere: 0 });
      expect(counts!.sets).toBeGreaterThan(4);
      expect(counts!.sets).toBeLessThanOrEqual(2 * 2 * 2 * 7);
      // the run's report reads its set as it read its rows: undone, every row comes back
      await db.undoLastMigration({ transaction: 'all' });
      expect(await digests(db)).toEqual(before);
    }, 120_000);
  });
}
