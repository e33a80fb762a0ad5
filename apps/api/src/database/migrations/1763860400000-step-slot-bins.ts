import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The quarter hour a start time falls in, as its first instant (as run_step_slot's). */
const slotOf = (t: string) => `to_timestamp(floor(extract(epoch FROM ${t}) / 900) * 900)`;

/**
 * pow2Floor and fineBinWidth of libs/domain/src/analysis/histogram.ts: the largest power of two
 * not above x, exactly (the logarithm is only a guess), and a slot's fine bin width from its
 * minimum and maximum (at least 64 bins across the spread, at least 2⁻⁴⁰ of the magnitude and
 * 2⁻¹⁰⁰⁰, in steps that never underflow or overflow: PostgreSQL would refuse the upload).
 */
export const POW2_FLOOR_SQL = `FUNCTION pow2_floor(x float8) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN x > 0 THEN (SELECT CASE WHEN p > x THEN p / 2 WHEN p <= x / 2 THEN p * 2 ELSE p END
                                   FROM (SELECT 2::float8 ^ floor(ln(x) / ln(2::float8)) AS p) g)
                ELSE 0 END $$`;
// extremes below 2⁻⁹⁶⁰ count as 0: halving a subnormal underflows, which PostgreSQL refuses
export const STEP_BIN_WIDTH_SQL = `FUNCTION step_bin_width(lo float8, hi float8) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT greatest(pow2_floor(greatest(h / 2 - l / 2, 2::float8 ^ -960) / 32),
                    greatest(pow2_floor(greatest(abs(l), abs(h))), 2::float8 ^ -960) * 2::float8 ^ -40)
      FROM (SELECT CASE WHEN abs(lo) < 2::float8 ^ -960 THEN 0 ELSE lo END AS l,
                   CASE WHEN abs(hi) < 2::float8 ^ -960 THEN 0 ELSE hi END AS h) x $$`;
const FUNCTIONS = `
  CREATE ${POW2_FLOOR_SQL};
  CREATE ${STEP_BIN_WIDTH_SQL};
  -- ⌊x / width⌋ without dividing a value smaller than the width: PostgreSQL refuses the underflow
  -- of a subnormal quotient (an upload of -5e-324 failed), and its bin is plain
  CREATE FUNCTION step_bin(x float8, width float8) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN abs(x) >= width THEN floor(x / width)::bigint WHEN x < 0 THEN -1 ELSE 0 END $$;`;

/** A value beyond its own row's limits (a value on a limit passes; a missing limit is not checked). */
const OUTSIDE = 'count(*) FILTER (WHERE v.value < v.lower OR v.value > v.upper)::int';

const SLOT_KEY = 'account_id, seq_id, title, slot_start, unit';
/** run_step_slot_bin's columns in its order. */
export const COLUMNS = `${SLOT_KEY}, bin_width, bins, bin_counts, n_outside`;

const TABLE = `
  CREATE TABLE run_step_slot_bin (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    title text NOT NULL,
    slot_start timestamptz NOT NULL,
    unit text NOT NULL,
    -- a power of two: step_bin_width of the slot's minimum and maximum (run_step_slot)
    bin_width float8 NOT NULL,
    -- bin index ⌊x / bin_width⌋ and its count, in index order, only bins with values
    bins bigint[] NOT NULL,
    bin_counts integer[] NOT NULL,
    -- values beyond their own row's limits
    n_outside integer NOT NULL,
    PRIMARY KEY (${SLOT_KEY})
  )`;

/**
 * What ends the subquery that names each slot's width `width`: nothing as this migration wrote it,
 * which PostgreSQL flattens into the values' rows (step_bin_width then ran once per value), or the
 * fence of 1763860800000 (`widthOnce`), which keeps it once per slot.
 */
const widthEnd = (widthOnce: boolean) => (widthOnce ? ' OFFSET 0' : '');

/**
 * The bins rows of the run_step_slot rows `where` selects (alias s) of `slots`, from their values:
 * the backfill and the rebuild. The values find their slot by `valueInSlot`: by equality (a hash
 * join), not by a range, unless a caller gives one (1763861600000's closing of a quarter hour).
 */
export const binRows = (
  where: string,
  widthOnce = false,
  slots = 'run_step_slot s',
  valueInSlot = `${slotOf('v.start_time')} = s.slot_start`,
) => `
  SELECT account_id, seq_id, title, slot_start, unit, width, array_agg(bin ORDER BY bin), array_agg(n ORDER BY bin),
         sum(outside)::int
    FROM (SELECT s.account_id, s.seq_id, s.title, s.slot_start, s.unit, s.width,
                 step_bin(v.value, s.width) AS bin, count(*)::int AS n, ${OUTSIDE} AS outside
            FROM (SELECT s.*, step_bin_width(s.min_value, s.max_value) AS width FROM ${slots} WHERE ${where}${widthEnd(widthOnce)}) s
            JOIN run_step_value v ON v.account_id = s.account_id AND v.seq_id = s.seq_id AND v.title = s.title
             AND v.unit = s.unit AND ${valueInSlot}
           GROUP BY 1, 2, 3, 4, 5, 6, 7) f
   GROUP BY 1, 2, 3, 4, 5, 6`;

/**
 * The statement trigger after run_step_slot_add (triggers of one event fire in name order), once
 * per insert: each slot the insert reached has its statistics already, so its width follows from
 * its new minimum and maximum; its bins so far are coarsened to that width and the new values'
 * added. Counts are a multiset's, whatever the order the values came in, so a slot that
 * run_step_slot_add made anew (a late upload) is counted the same way. run_step_slot_add's upsert
 * holds the slot's row locked until commit, so no other upload changes its bins in between.
 * A definition after CREATE or CREATE OR REPLACE; `widthOnce` as binRows'.
 */
export const binsTriggerFunction = (
  widthOnce: boolean,
) => `FUNCTION run_step_slot_bins() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_step_slot_bin AS b (${COLUMNS})
    SELECT k.account_id, k.seq_id, k.title, k.slot_start, k.unit, k.width, m.bins, m.counts,
           coalesce(k.old_outside, 0) + k.outside
      FROM (SELECT n.*, step_bin_width(s.min_value, s.max_value) AS width, o.bin_width AS old_width,
                   o.bins AS old_bins, o.bin_counts AS old_counts, o.n_outside AS old_outside
              FROM (SELECT v.account_id, v.seq_id, v.title, ${slotOf('v.start_time')} AS slot_start, v.unit,
                           array_agg(v.value) AS xs, ${OUTSIDE} AS outside
                      FROM new_values v GROUP BY 1, 2, 3, 4, 5) n
              JOIN run_step_slot s ON s.account_id = n.account_id AND s.seq_id = n.seq_id AND s.title = n.title
               AND s.slot_start = n.slot_start AND s.unit = n.unit
              LEFT JOIN run_step_slot_bin o ON o.account_id = n.account_id AND o.seq_id = n.seq_id
               AND o.title = n.title AND o.slot_start = n.slot_start AND o.unit = n.unit${widthEnd(widthOnce)}) k
     CROSS JOIN LATERAL (
       SELECT array_agg(g.bin ORDER BY g.bin) AS bins, array_agg(g.n ORDER BY g.bin) AS counts
         FROM (SELECT u.bin, sum(u.n)::int AS n
                 FROM (SELECT step_bin(h.b * k.old_width, k.width) AS bin, h.n
                         FROM unnest(k.old_bins, k.old_counts) AS h(b, n)
                       UNION ALL
                       SELECT step_bin(x, k.width), 1 FROM unnest(k.xs) AS x) u
                GROUP BY u.bin) g) m
    ON CONFLICT (${SLOT_KEY}) DO UPDATE SET (bin_width, bins, bin_counts, n_outside) =
      (EXCLUDED.bin_width, EXCLUDED.bins, EXCLUDED.bin_counts, EXCLUDED.n_outside);
    RETURN NULL;
  END $$;`;

const TRIGGER = `
  CREATE ${binsTriggerFunction(false)}
  CREATE TRIGGER run_step_slot_bins AFTER INSERT ON run_step_value REFERENCING NEW TABLE AS new_values
    FOR EACH STATEMENT EXECUTE FUNCTION run_step_slot_bins();`;

/**
 * run_rollups_rebuild as 1763860110000 left it (renamed), then the bins of the account's slots: a
 * definition after CREATE or CREATE OR REPLACE, named `name` (1763860410000 renames it
 * run_rollups_rebuild_1763860400000, where 1763860800000 replaces it with `widthOnce`).
 */
export const binsRebuildFunction = (
  name: string,
  widthOnce: boolean,
) => `FUNCTION ${name}(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  DECLARE
    nestloop text := current_setting('enable_nestloop');
  BEGIN
    PERFORM run_rollups_rebuild_1763860110000(of_account);
    DELETE FROM run_step_slot_bin WHERE account_id = of_account;
    -- a hash join of the slots with their values: on tables just filled and not yet analyzed (the
    -- scale seed calls this right after its inserts) the planner chose a nested loop over the slot
    -- expression, and 15,000 runs took minutes instead of 2 s
    PERFORM set_config('enable_nestloop', 'off', true);
    INSERT INTO run_step_slot_bin (${COLUMNS}) ${binRows('s.account_id = of_account', widthOnce)};
    PERFORM set_config('enable_nestloop', nestloop, true);
  END $fn$;`;

const REBUILD = `
  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763860110000;
  CREATE ${binsRebuildFunction('run_rollups_rebuild', false)}`;

/**
 * Capability's histogram and percent out from the slots (issue 41; docs/measurements.md, "The
 * histogram from the slots"): capability read every value of the range for its bins and for the
 * values beyond the limits in slots that straddle one (222 ms at 1,000,000 runs,
 * docs/performance.md). run_step_slot_bin keeps, per run_step_slot row, its values' counts per
 * bin of a fine power-of-two width fixed by the slot's own extremes (sparse, in index order),
 * which any wider power of two coarsens exactly, and how many of its values fall beyond their own
 * row's limits (exact for a range whose slot had one set of limits, the range's). A table of its
 * own: run_step_slot_add remakes a late upload's slot as a whole row of run_step_slot.
 * Kept by a second statement trigger on run_step_value, and by run_rollups_rebuild.
 */
export class StepSlotBins1763860400000 implements MigrationInterface {
  name = 'StepSlotBins1763860400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLE);
    await q.query(FUNCTIONS);
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`INSERT INTO run_step_slot_bin (${COLUMNS}) ${binRows('true')}`);
    await q.query(TRIGGER);
    await q.query(REBUILD);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION run_rollups_rebuild(integer);
      ALTER FUNCTION run_rollups_rebuild_1763860110000(integer) RENAME TO run_rollups_rebuild;
      DROP TRIGGER run_step_slot_bins ON run_step_value;
      DROP FUNCTION run_step_slot_bins();
      DROP TABLE run_step_slot_bin;
      DROP FUNCTION step_bin(float8, float8);
      DROP FUNCTION step_bin_width(float8, float8);
      DROP FUNCTION pow2_floor(float8);`);
  }
}
