import type { MigrationInterface, QueryRunner } from 'typeorm';
import { JS_DOUBLES as doubles } from '../sql-doubles';
import { slotRows } from './1763860100000-step-slot-statistics';

/** The UTC day of a start time, and a day's first instant. */
export const dayOf = (t: string) => `(${t} AT TIME ZONE 'UTC')::date`;
export const dayStart = (d: string) => `(${d}::timestamp AT TIME ZONE 'UTC')`;

const KEY = ['account_id', 'seq_id', 'title', 'unit'];
const STATISTICS = [
  'n',
  'first_value',
  'last_value',
  'mean_offset',
  'm2',
  'mr_sum',
  'min_value',
  'max_value',
  'first_time',
  'first_run',
  'last_time',
  'last_run',
  'last_lower',
  'last_upper',
  'limits_mixed',
  'versions',
];
/** run_step_slot's columns in its order (slotRows gives them unnamed). */
const SLOT_COLUMNS = [...KEY, 'slot_start', ...STATISTICS].join(', ');
export const DAY_COLUMNS = [...KEY, 'day', ...STATISTICS].join(', ');
const DAY_KEY = 'account_id, seq_id, title, day, unit';
const sameDay = (a: string, b: string) => [...KEY, 'day'].map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');

const TABLE = `
  CREATE TABLE run_step_day (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    title text NOT NULL,
    unit text NOT NULL,
    day date NOT NULL,
    -- run_step_slot's statistics, over the UTC day
    n integer NOT NULL,
    first_value float8 NOT NULL,
    last_value float8 NOT NULL,
    mean_offset float8 NOT NULL,
    m2 float8 NOT NULL,
    mr_sum float8 NOT NULL,
    min_value float8 NOT NULL,
    max_value float8 NOT NULL,
    first_time timestamptz NOT NULL,
    first_run bigint NOT NULL,
    last_time timestamptz NOT NULL,
    last_run bigint NOT NULL,
    last_lower float8,
    last_upper float8,
    limits_mixed boolean NOT NULL,
    versions integer[] NOT NULL,
    -- run_step_slot_bin's bins over the day (the trigger writes the statistics first, then these)
    bin_width float8 NOT NULL DEFAULT 0,
    bins bigint[] NOT NULL DEFAULT '{}',
    bin_counts integer[] NOT NULL DEFAULT '{}',
    n_outside integer NOT NULL DEFAULT 0,
    -- values of failed runs (run_failure, not aborted): a day where every failed run has one has
    -- no row without a number for capability to look for
    n_failed integer NOT NULL DEFAULT 0,
    PRIMARY KEY (${DAY_KEY})
  )`;

/**
 * Day rows of run_step_day's statistics from the slot rows `slots` gives (a FROM item with
 * run_step_slot's columns): each day's slots merged in time order by the parallel form of Chan et
 * al.'s merge, as capability's read merges a range's slots (StepSlotsRepository.summary): each
 * slot's mean about the day's first value, d = (first − origin) + meanOffset, x̄ offset = Σ n·d / N,
 * M2 = Σ M2 + Σ n·(d − x̄ offset)², and the moving ranges across the seams.
 */
export const daysOf = (slots: string, versionsOnce = false) => `
  WITH s AS (SELECT x.*, ${dayOf('x.slot_start')} AS day FROM ${slots}),
  w AS (SELECT s.*, lag(s.last_value) OVER o AS prev_last, first_value(s.first_value) OVER o AS origin,
               first_value(s.first_run) OVER o AS origin_run, last_value(s.last_value) OVER whole AS final_last,
               last_value(s.last_run) OVER whole AS final_run, last_value(s.last_lower) OVER whole AS final_lower,
               last_value(s.last_upper) OVER whole AS final_upper
          FROM s
        WINDOW o AS (PARTITION BY ${KEY.join(', ')}, day ORDER BY slot_start),
               whole AS (o ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)),
  c AS (SELECT w.*, ${doubles.perCount('sum(n * d) OVER g', 'sum(n) OVER g')} AS centre
          FROM (SELECT w.*, (w.first_value - w.origin) + w.mean_offset AS d FROM w) w
        WINDOW g AS (PARTITION BY ${KEY.join(', ')}, day)),
  v AS ${versionsOnce ? 'MATERIALIZED ' : ''}(SELECT ${KEY.join(', ')}, day, array_agg(DISTINCT x ORDER BY x) AS versions
          FROM s, unnest(s.versions) AS x GROUP BY ${KEY.join(', ')}, day)
  SELECT ${KEY.map((k) => `c.${k}`).join(', ')}, c.day, sum(c.n)::int, min(c.origin), min(c.final_last), min(c.centre),
         sum(c.m2) + sum(c.n * ${doubles.square('(c.d - c.centre)')}),
         sum(c.mr_sum) + coalesce(sum(abs(c.first_value - c.prev_last)), 0), min(c.min_value), max(c.max_value),
         min(c.first_time), min(c.origin_run), max(c.last_time), min(c.final_run), min(c.final_lower),
         min(c.final_upper),
         bool_or(c.limits_mixed OR (c.last_lower, c.last_upper) IS DISTINCT FROM (c.final_lower, c.final_upper)),
         min(v.versions)
    FROM c JOIN v ON ${sameDay('v', 'c')}
   GROUP BY ${KEY.map((k) => `c.${k}`).join(', ')}, c.day`;

/** x̄(new) − x̄(day): first values close together subtract exactly (mergeSlots' delta). */
const DELTA = '(EXCLUDED.first_value - s.first_value + (EXCLUDED.mean_offset - s.mean_offset))';

/** An insert's statistics merged after the day's values: run_step_slot_add's merge (mergeSlots), on the day. */
const MERGE_AFTER = `
  n = s.n + EXCLUDED.n,
  last_value = EXCLUDED.last_value,
  mean_offset = s.mean_offset + ${doubles.perCount(`${DELTA} * EXCLUDED.n`, '(s.n + EXCLUDED.n)')},
  m2 = s.m2 + EXCLUDED.m2 + ${doubles.square(DELTA)} * s.n * EXCLUDED.n / (s.n + EXCLUDED.n),
  mr_sum = s.mr_sum + EXCLUDED.mr_sum + abs(EXCLUDED.first_value - s.last_value),
  min_value = least(s.min_value, EXCLUDED.min_value),
  max_value = greatest(s.max_value, EXCLUDED.max_value),
  last_time = EXCLUDED.last_time, last_run = EXCLUDED.last_run,
  last_lower = EXCLUDED.last_lower, last_upper = EXCLUDED.last_upper,
  limits_mixed = s.limits_mixed OR EXCLUDED.limits_mixed
    OR (s.last_lower, s.last_upper) IS DISTINCT FROM (EXCLUDED.last_lower, EXCLUDED.last_upper),
  versions = ARRAY(SELECT DISTINCT x FROM unnest(s.versions || EXCLUDED.versions) x ORDER BY x)`;

/** The insert's days it did not merge into: their latest run is not the insert's latest there. */
const unmerged = (values: string) => `
  SELECT s.account_id, s.seq_id, s.title, s.unit, s.day
    FROM (SELECT DISTINCT ON (1, 2, 3, 4, 5) n.account_id, n.seq_id, n.title, n.unit, ${dayOf('n.start_time')} AS day,
                 n.start_time, n.run_id
            FROM ${values} n ORDER BY 1, 2, 3, 4, 5, n.start_time DESC, n.run_id DESC) l
    JOIN run_step_day s ON ${sameDay('s', 'l')}
   WHERE (s.last_time, s.last_run) <> (l.start_time, l.run_id)`;

/** A value beyond its own row's limits (run_step_slot_bin's n_outside), and a value of a failed run. */
const OUTSIDE = 'count(*) FILTER (WHERE v.value < v.lower OR v.value > v.upper)::int';
const FAILED = `count(*) FILTER (WHERE EXISTS (SELECT 1 FROM run_failure f
  WHERE f.account_id = v.account_id AND f.seq_id = v.seq_id AND f.start_time = v.start_time
    AND f.run_id = v.run_id AND NOT f.aborted))::int`;

/**
 * Since migration 1763861500000 the trigger keeps only the days before run_step_day_closure's
 * `closed_until` (a late run's values); a later day is made once, from its slots, when it is
 * closed (run_step_days_close). The closure's row is read FOR SHARE: a closing, which updates it,
 * waits for this insert's commit and then makes the day from slots that include it; an insert
 * after the closing finds the day closed and merges into it here.
 */
const CLOSED_DAYS_ONLY = {
  declare: '\n    closed timestamptz;',
  begin: `
    SELECT ${dayStart('c.closed_until')} INTO closed FROM run_step_day_closure c FOR SHARE;
    IF NOT EXISTS (SELECT FROM new_values WHERE start_time < closed) THEN RETURN NULL; END IF;`,
};

/**
 * The statement trigger on run_step_value after run_step_slot_add and run_step_slot_bins (triggers
 * of one event fire in name order), once per insert:
 * - the insert's own statistics per day (its slots' rows, slotRows, merged by day) upserted: a
 *   new day inserted, a day whose latest run is earlier than the insert's earliest there (an
 *   upload, nearly always) merged after its values; a day it left out (a late upload) made anew
 *   from its slots, which run_step_slot_add has just made right;
 * - then the bins (counts of a multiset, whatever the order: the day's so far coarsened to the
 *   width of its new extremes, and the new values added), the count beyond the values' limits and
 *   the count of failed runs' values (run_failure's row trigger on run fires before run's
 *   statement trigger that inserts these values).
 * Concurrent uploads into one day: the upsert locks the day's row until commit, and the later
 * statements' snapshots, taken after that lock, see every committed slot and the row as committed.
 * `closedDaysOnly`: CLOSED_DAYS_ONLY.
 */
export const dayAddFunction = (versionsOnce: boolean, closedDaysOnly = false) => {
  const values = closedDaysOnly ? '(SELECT * FROM new_values WHERE start_time < closed)' : 'new_values';
  return `FUNCTION run_step_day_add() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    days integer;
    merged integer;${closedDaysOnly ? CLOSED_DAYS_ONLY.declare : ''}
  BEGIN${closedDaysOnly ? CLOSED_DAYS_ONLY.begin : ''}
    WITH b AS (${daysOf(`(${slotRows('true', `${values} v`, doubles)}) AS x(${SLOT_COLUMNS})`, versionsOnce)}),
         m AS (INSERT INTO run_step_day AS s (${DAY_COLUMNS}) SELECT * FROM b
               ON CONFLICT (${DAY_KEY}) DO UPDATE SET ${MERGE_AFTER}
               WHERE (EXCLUDED.first_time, EXCLUDED.first_run) > (s.last_time, s.last_run)
               RETURNING 1)
    SELECT (SELECT count(*) FROM b), (SELECT count(*) FROM m) INTO days, merged;
    IF merged < days THEN
      INSERT INTO run_step_day AS s (${DAY_COLUMNS})
      ${daysOf(
        `(SELECT s.* FROM run_step_slot s JOIN (${unmerged(values)}) e
                  ON s.account_id = e.account_id AND s.seq_id = e.seq_id AND s.title = e.title AND s.unit = e.unit
                 AND s.slot_start >= ${dayStart('e.day')} AND s.slot_start < ${dayStart('e.day')} + interval '1 day') x`,
        versionsOnce,
      )}
      ON CONFLICT (${DAY_KEY}) DO UPDATE SET (${STATISTICS.join(', ')}) =
        (${STATISTICS.map((c) => `EXCLUDED.${c}`).join(', ')});
    END IF;
    -- materialized: the width once per day, not once per bin (step_bin_width, not inlined, took
    -- about a millisecond a call on a loaded machine); kept when the insert's values lie strictly
    -- inside the day's extremes, which then did not move
    WITH k AS MATERIALIZED (
      SELECT n.*, CASE WHEN s.bin_width > 0 AND s.min_value < n.lo AND n.hi < s.max_value THEN s.bin_width
                       ELSE step_bin_width(s.min_value, s.max_value) END AS width, s.bin_width AS old_width,
             s.bins AS old_bins, s.bin_counts AS old_counts
        FROM (SELECT v.account_id, v.seq_id, v.title, v.unit, ${dayOf('v.start_time')} AS day,
                     array_agg(v.value) AS xs, min(v.value) AS lo, max(v.value) AS hi, ${OUTSIDE} AS outside,
                     ${FAILED} AS failed
                FROM ${values} v GROUP BY 1, 2, 3, 4, 5) n
        JOIN run_step_day s ON ${sameDay('s', 'n')})
    UPDATE run_step_day d SET bin_width = k.width, bins = m.bins, bin_counts = m.counts,
           n_outside = d.n_outside + k.outside, n_failed = d.n_failed + k.failed
      FROM k
     CROSS JOIN LATERAL (
       SELECT array_agg(g.bin ORDER BY g.bin) AS bins, array_agg(g.n ORDER BY g.bin) AS counts
         FROM (SELECT u.bin, sum(u.n)::int AS n
                 FROM (SELECT step_bin(h.b * k.old_width, k.width) AS bin, h.n
                         FROM unnest(k.old_bins, k.old_counts) AS h(b, n)
                       UNION ALL
                       SELECT step_bin(x, k.width), 1 FROM unnest(k.xs) AS x) u
                GROUP BY u.bin) g) m
     WHERE ${sameDay('d', 'k')};
    RETURN NULL;
  END $$;`;
};

const TRIGGER = `
  CREATE ${dayAddFunction(false)}
  CREATE TRIGGER run_step_slot_days AFTER INSERT ON run_step_value REFERENCING NEW TABLE AS new_values
    FOR EACH STATEMENT EXECUTE FUNCTION run_step_day_add();`;

/** Rows of one account (`of`, a SQL expression) or, without one, of all. */
const scope = (alias: string, of: string | null) => (of ? `${alias}.account_id = ${of}` : 'true');

/**
 * The day rows of an account's slots (all accounts' without one): the statistics merged from
 * the slots, the bins from the slots' bins coarsened to the day's width, and the failed runs'
 * values counted from run_failure. A hash join of run_failure with the values: the values' key
 * has the title before the start time, so a probe per failed run would scan the test's titles.
 */
const fill = (of: string | null) => [
  daysFromSlots(scope('x', of)),
  binsFromSlots(scope('s', of)),
  `UPDATE run_step_day d SET n_failed = k.failed
     FROM (SELECT v.account_id, v.seq_id, v.title, v.unit, ${dayOf('v.start_time')} AS day, count(*)::int AS failed
             FROM run_failure f
             JOIN run_step_value v ON v.account_id = f.account_id AND v.seq_id = f.seq_id
              AND v.start_time = f.start_time AND v.run_id = f.run_id
            WHERE NOT f.aborted AND ${scope('f', of)}
            GROUP BY 1, 2, 3, 4, 5) k
    WHERE ${sameDay('d', 'k')}`,
];

/** Day rows with their statistics, from the slots (run_step_slot as x) that `slots` takes. */
export const daysFromSlots = (slots: string) =>
  `INSERT INTO run_step_day (${DAY_COLUMNS}) ${daysOf(`(SELECT * FROM run_step_slot x WHERE ${slots}) x`)}`;

/**
 * The bins, and the count beyond the limits, of the day rows `days` takes (run_step_day as s),
 * from their slots' bins (run_step_slot_bin as b; `slotBins` may narrow them, for an index) coarsened
 * to each day's width.
 */
export const binsFromSlots = (days: string, slotBins = 'true') =>
  `UPDATE run_step_day d SET bin_width = k.width, bins = k.bins, bin_counts = k.counts, n_outside = k.outside
     FROM (SELECT ${KEY.join(', ')}, day, width, array_agg(bin ORDER BY bin) AS bins, array_agg(n ORDER BY bin) AS counts,
                  min(outside)::int AS outside
             FROM (SELECT j.${KEY.join(', j.')}, j.day, j.width, j.outside, step_bin(h.b * j.slot_width, j.width) AS bin,
                          sum(h.n)::int AS n
                     FROM (SELECT s.*, b.bin_width AS slot_width, b.bins AS slot_bins, b.bin_counts AS slot_counts,
                                  step_bin_width(s.min_value, s.max_value) AS width,
                                  sum(b.n_outside) OVER (PARTITION BY s.${KEY.join(', s.')}, s.day) AS outside
                             FROM run_step_day s
                             JOIN run_step_slot_bin b ON b.account_id = s.account_id AND b.seq_id = s.seq_id
                              AND b.title = s.title AND b.unit = s.unit AND ${dayOf('b.slot_start')} = s.day
                              AND ${slotBins}
                            WHERE ${days}) j,
                          unnest(j.slot_bins, j.slot_counts) AS h(b, n)
                    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
            GROUP BY 1, 2, 3, 4, 5, 6) k
    WHERE ${sameDay('d', 'k')}`;

/** run_rollups_rebuild as 1763860410000 left it (renamed), then the account's days from its slots. */
const REBUILD = `
  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763860410000;
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  DECLARE
    nestloop text := current_setting('enable_nestloop');
  BEGIN
    PERFORM run_rollups_rebuild_1763860410000(of_account);
    DELETE FROM run_step_day WHERE account_id = of_account;
    -- hash joins: on tables just filled and not analyzed the planner may loop (as 1763860400000's)
    PERFORM set_config('enable_nestloop', 'off', true);
    ${fill('of_account')
      .map((s) => `${s};`)
      .join('\n    ')}
    PERFORM set_config('enable_nestloop', nestloop, true);
  END $fn$;`;

/**
 * A step's statistics, bins and failed runs' values per UTC day (issue 41; docs/measurements.md,
 * "Capability from merged statistics"): at 1,000,000 runs a quarter hour holds about 13 values of
 * a step, so capability over 90 days merged 8,640 slots and their bins for what the values cost,
 * and probed the index once per failed run for a row without a number (docs/performance.md). A
 * range now reads its whole UTC days here and only its partial days' quarter hours, as the
 * failure Pareto reads run_failure_day (1763860410000); a day whose failed runs all have a value
 * needs no probe. Kept by a statement trigger on run_step_value after the slots' two, and by
 * run_rollups_rebuild; the backfill is set-based from the slots, without nested loops.
 */
export class StepDays1763860500000 implements MigrationInterface {
  name = 'StepDays1763860500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLE);
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`SET LOCAL enable_nestloop = off`);
    for (const statement of fill(null)) await q.query(statement);
    await q.query(`RESET enable_nestloop`);
    await q.query(TRIGGER);
    await q.query(REBUILD);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION run_rollups_rebuild(integer);
      ALTER FUNCTION run_rollups_rebuild_1763860410000(integer) RENAME TO run_rollups_rebuild;
      DROP TRIGGER run_step_slot_days ON run_step_value;
      DROP FUNCTION run_step_day_add();
      DROP TABLE run_step_day;`);
  }
}
