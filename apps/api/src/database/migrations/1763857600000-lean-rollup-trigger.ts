import type { MigrationInterface, QueryRunner } from 'typeorm';
import { INSERT_FUNCTION, UNIT_TEST_UPDATE } from './1763857300000-upload-state-and-report-rollups';

/** The quarter hour (0-95) of NEW's start time in its UTC day, as run_unit_day's generated columns give it. */
const SLOT = `(date_part('hour', NEW.start_time AT TIME ZONE 'UTC') * 4
               + floor(date_part('minute', NEW.start_time AT TIME ZONE 'UTC') / 15))::smallint`;

/** The key of NEW's row of `table` on `day` (run_unit_day by product, run_test_day by test). */
const unitDay = (day: string) =>
  `account_id = NEW.account_id AND product_id = NEW.product_id AND day = ${day} AND serial_number_id = NEW.serial_number_id`;
const testDay = (day: string) =>
  `account_id = NEW.account_id AND seq_id = NEW.seq_id AND serial_number_id = NEW.serial_number_id AND day = ${day}`;

/** A histogram's delta row: `sign` in column `hit` of `columns`, 0 in the others. */
type Delta = (day: string, slot: string, sign: number) => string;
const deltaRow =
  (type: string, scope: string, columns: string[], hit: string): Delta =>
  (day, slot, sign) =>
    `ROW(NEW.account_id, NEW.${scope}, ${day}, ${slot}, ${columns.map((c) => (c === hit ? sign : 0)).join(', ')})::${type}`;

const PRODUCT_COLUMNS = ['unit_tails', 'unit_heads'];
const TEST_COLUMNS = [
  'decided',
  'passed',
  'firsts',
  'first_passed',
  'unit_tails',
  'unit_heads',
  'pass_tails',
  'pass_heads',
];
const product = (hit: string) => deltaRow('run_product_slot', 'product_id', PRODUCT_COLUMNS, hit);
const test = (hit: string) => deltaRow('run_test_slot', 'seq_id', TEST_COLUMNS, hit);

/**
 * PL/pgSQL: one unit's contribution to a histogram moves from slot `from` to slot `to` of `day`
 * (either NULL: none), as delta rows appended to the array `deltas`. The slots are in parentheses:
 * PL/pgSQL would take a CASE's THEN for the IF's.
 */
const move = (deltas: string, row: Delta, day: string, from: string, to: string) => `
    IF (${from}) IS DISTINCT FROM (${to}) THEN
      IF (${from}) IS NOT NULL THEN ${deltas} := ${deltas} || ${row(day, `(${from})`, -1)}; END IF;
      IF (${to}) IS NOT NULL THEN ${deltas} := ${deltas} || ${row(day, `(${to})`, 1)}; END IF;
    END IF;`;

/** A unit-day's head: the later of its first slot and the day before's last slot; NULL without a first slot. */
const head = (first: string, before: string) =>
  `CASE WHEN ${first} IS NOT NULL THEN greatest(${first}, ${before}) END`;

/** Adds the summed delta rows of `deltas` to a histogram table, leaving out the slots they leave unchanged. */
const addDeltas = (table: string, scope: string, deltas: string, columns: string[]) => `
    INSERT INTO ${table} AS h (account_id, ${scope}, day, slot, ${columns.join(', ')})
    SELECT account_id, ${scope}, day, slot, ${columns.map((c) => `sum(${c})`).join(', ')}
      FROM unnest(${deltas}) GROUP BY account_id, ${scope}, day, slot
    HAVING ${columns.map((c) => `sum(${c}) <> 0`).join(' OR ')}
    ON CONFLICT (account_id, ${scope}, day, slot) DO UPDATE SET
      ${columns.map((c) => `${c} = h.${c} + excluded.${c}`).join(', ')};`;

/**
 * The row trigger on INSERT into run, anew (issue 27: PostgreSQL's CPU per upload;
 * docs/performance.md, "Reports and ingest"). It keeps the same roll-ups as 1763857300000's
 * (run_unit_day, run_product_slot, run_test_day, run_test_slot, run_unit_test), with the same
 * definitions, but one run at a time: each roll-up row is read and written by its primary key,
 * and the histograms change by the few slots whose contributions moved, summed into one upsert
 * per histogram. The set-based version joined the touched unit-days of a one-row transition
 * table, aggregated, and unnested arrays of the rows' contributions before and after, eight
 * statements whose plans depended on the tables' statistics: on a table not analyzed since it
 * was small (a seed's own inserts), a seed of 1,000,000 runs spent up to 5 ms per run there.
 *
 * A unit-day (of a product, or of a test) contributes a tail at its last slot and a head at the
 * later of its first slot and the day before's last slot (migration 1763857300000): a run moves
 * the tail when it is the day's latest, the head when it is the day's earliest, and the next
 * day's head when it moves the day's last slot (a late upload).
 */
const LEAN_INSERT_FUNCTION = `
  CREATE OR REPLACE FUNCTION run_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    d date := (NEW.start_time AT TIME ZONE 'UTC')::date;
    q smallint := ${SLOT};
    ok boolean := NEW.result = 1;
    u run_unit_day;
    u_first smallint;
    u_last smallint;
    u_before smallint;
    u_next_first smallint;
    t run_test_day;
    t_before run_test_day;
    t_next run_test_day;
    t_first smallint;
    t_last smallint;
    t_pass_first smallint;
    t_pass_last smallint;
    products run_product_slot[] := '{}';
    tests run_test_slot[] := ARRAY[ROW(NEW.account_id, NEW.seq_id, d, q, (NEW.result <> -1)::int, ok::int,
      NEW.is_first::int, (NEW.is_first AND ok)::int, 0, 0, 0, 0)::run_test_slot];
  BEGIN
    -- the product's unit-day (tested units)
    SELECT * INTO u FROM run_unit_day WHERE ${unitDay('d')};
    IF NOT FOUND THEN
      SELECT last_slot INTO u_before FROM run_unit_day WHERE ${unitDay('d - 1')};
      INSERT INTO run_unit_day (account_id, product_id, day, serial_number_id, first_start, last_start, prev_slot)
        VALUES (NEW.account_id, NEW.product_id, d, NEW.serial_number_id, NEW.start_time, NEW.start_time, u_before);
      u_first := q;
      u_last := q;
    ELSIF NEW.start_time < u.first_start OR NEW.start_time > u.last_start THEN
      UPDATE run_unit_day SET first_start = least(first_start, NEW.start_time), last_start = greatest(last_start, NEW.start_time)
       WHERE ${unitDay('d')} RETURNING first_slot, last_slot INTO u_first, u_last;
      u_before := u.prev_slot;
    ELSE
      u_first := u.first_slot;
      u_last := u.last_slot;
      u_before := u.prev_slot;
    END IF;
    ${move('products', product('unit_tails'), 'd', 'u.last_slot', 'u_last')}
    ${move('products', product('unit_heads'), 'd', head('u.first_slot', 'u.prev_slot'), head('u_first', 'u_before'))}
    IF u_last IS DISTINCT FROM u.last_slot THEN
      UPDATE run_unit_day SET prev_slot = u_last WHERE ${unitDay('d + 1')} RETURNING first_slot INTO u_next_first;
      IF FOUND THEN
        ${move('products', product('unit_heads'), 'd + 1', head('u_next_first', 'u.last_slot'), head('u_next_first', 'u_last'))}
      END IF;
    END IF;

    -- the test's unit-day (throughput yield)
    SELECT * INTO t FROM run_test_day WHERE ${testDay('d')};
    t_first := least(t.first_slot, q);
    t_last := greatest(t.last_slot, q);
    t_pass_first := CASE WHEN ok THEN least(t.pass_first_slot, q) ELSE t.pass_first_slot END;
    t_pass_last := CASE WHEN ok THEN greatest(t.pass_last_slot, q) ELSE t.pass_last_slot END;
    IF t.first_slot IS NULL THEN
      INSERT INTO run_test_day (account_id, seq_id, day, serial_number_id, first_slot, last_slot, pass_first_slot, pass_last_slot)
        VALUES (NEW.account_id, NEW.seq_id, d, NEW.serial_number_id, t_first, t_last, t_pass_first, t_pass_last);
    ELSIF (t_first, t_last, t_pass_first, t_pass_last) IS DISTINCT FROM (t.first_slot, t.last_slot, t.pass_first_slot, t.pass_last_slot) THEN
      UPDATE run_test_day SET first_slot = t_first, last_slot = t_last, pass_first_slot = t_pass_first, pass_last_slot = t_pass_last
       WHERE ${testDay('d')};
    END IF;
    IF t_first IS DISTINCT FROM t.first_slot OR t_pass_first IS DISTINCT FROM t.pass_first_slot THEN
      SELECT * INTO t_before FROM run_test_day WHERE ${testDay('d - 1')};
    END IF;
    ${move('tests', test('unit_tails'), 'd', 't.last_slot', 't_last')}
    ${move('tests', test('unit_heads'), 'd', head('t.first_slot', 't_before.last_slot'), head('t_first', 't_before.last_slot'))}
    ${move('tests', test('pass_tails'), 'd', 't.pass_last_slot', 't_pass_last')}
    ${move(
      'tests',
      test('pass_heads'),
      'd',
      head('t.pass_first_slot', 't_before.pass_last_slot'),
      head('t_pass_first', 't_before.pass_last_slot'),
    )}
    IF t_last IS DISTINCT FROM t.last_slot OR t_pass_last IS DISTINCT FROM t.pass_last_slot THEN
      SELECT * INTO t_next FROM run_test_day WHERE ${testDay('d + 1')};
      IF FOUND THEN
        ${move('tests', test('unit_heads'), 'd + 1', head('t_next.first_slot', 't.last_slot'), head('t_next.first_slot', 't_last'))}
        ${move(
          'tests',
          test('pass_heads'),
          'd + 1',
          head('t_next.pass_first_slot', 't.pass_last_slot'),
          head('t_next.pass_first_slot', 't_pass_last'),
        )}
      END IF;
    END IF;

    IF cardinality(products) > 0 THEN
      ${addDeltas('run_product_slot', 'product_id', 'products', PRODUCT_COLUMNS)}
    END IF;
    ${addDeltas('run_test_slot', 'seq_id', 'tests', TEST_COLUMNS)}

    -- the unit's state for the next upload
    INSERT INTO run_unit_test AS s (account_id, serial_number_id, seq_id, visit_history_id, visit_runs, latest_start,
                                    latest_id, latest_result, first_id, first_start, first_result)
    VALUES (NEW.account_id, NEW.serial_number_id, NEW.seq_id, NEW.sn_stage_history_id, 1, NEW.start_time, NEW.id, NEW.result,
            CASE WHEN NEW.is_first THEN NEW.id END, CASE WHEN NEW.is_first THEN NEW.start_time END,
            CASE WHEN NEW.is_first THEN NEW.result END)
    ON CONFLICT (account_id, serial_number_id, seq_id) DO UPDATE SET ${UNIT_TEST_UPDATE};
    RETURN NULL;
  END $$;`;

export class LeanRollupTrigger1763857600000 implements MigrationInterface {
  name = 'LeanRollupTrigger1763857600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(LEAN_INSERT_FUNCTION);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(INSERT_FUNCTION);
  }
}
