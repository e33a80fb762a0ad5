/**
 * The SQL that turns the plan (temp tables seed_day, seed_product, seed_test, seed_user,
 * seed_tmpl, seed_traced) into units, runs and stage histories, in bulk: a million runs are a
 * few INSERT … SELECT statements, not a million uploads. The rules it keeps (docs/api/runs.md,
 * docs/api/serial-numbers.md):
 * - a unit runs its product's tests in stage-test order, each until it passes (at most 4 tries;
 *   after 4 it stays where it is, as a unit put aside);
 * - run_no counts the runs of a test in the stage visit (here: the try number); is_first marks
 *   the first try, the earliest run of that serial number and test;
 * - the pass of the last test of a stage writes an 'advance' entry (run_id: that run) to the next
 *   stage, or to finished (NULL) after the last one; each unit starts with an 'add' entry.
 * History ids are a fixed block per unit (entry e of unit u: $hbase + (u-1)·block + e), so a run
 * finds its stage visit (entry = its stage's rank) without a join.
 */

import { STATION_OF_RUN } from './lab-sql';

/** $1 start of the range, $2 now. */
export const UNITS_SQL = `
CREATE TEMP TABLE seed_unit ON COMMIT DROP AS
WITH raw AS (
  SELECT d.d, i, d.units, d.factor, random() AS pr, random() AS jitter
    FROM seed_day d CROSS JOIN LATERAL generate_series(1, d.units) AS i
), numbered AS (
  SELECT row_number() OVER (ORDER BY raw.d, raw.i)::int AS u, raw.*,
         $1::timestamptz + raw.d * interval '1 day' + interval '6 hours'
           + ((raw.i - 1 + raw.jitter) / raw.units) * interval '13 hours' AS t0
    FROM raw
)
SELECT n.u, n.factor, n.t0, p.product_idx, p.product_id, p.first_stage,
       p.sn_prefix || '-' || lpad((row_number() OVER (PARTITION BY p.product_idx ORDER BY n.u))::text, 6, '0') AS sn
  FROM numbered n JOIN seed_product p ON n.pr >= p.share_lo AND n.pr < p.share_hi
 WHERE n.t0 - interval '30 minutes' <= $2::timestamptz`;

/**
 * $1 now. Every try of every unit up to its test's first pass, ended by now. From its `steady_from`
 * on (the last day), a failed try of a test with a steady step fails at another step (plan.ts).
 */
export const TRIES_SQL = `
CREATE TEMP TABLE seed_try ON COMMIT DROP AS
WITH tries AS (
  SELECT u.u, u.t0, t.ti, t.seq_id, t.stage_rank, t.next_stage, t.last_in_stage, k,
         t.n_pass, t.n_fail, t.n_abort, t.steady_from, t.steady_fail, random() AS r, random() AS rv, random() AS rt, random() AS rd,
         CASE WHEN k = 1 THEN least(0.9, t.first_fail * u.factor) ELSE 0.2 END AS p_fail,
         CASE WHEN k = 1 THEN 0.012 ELSE 0.02 END AS p_abort
    FROM seed_unit u JOIN seed_test t USING (product_idx) CROSS JOIN generate_series(1, 4) AS k
), judged AS (
  SELECT *, (CASE WHEN r < p_abort THEN -1 WHEN r < p_abort + p_fail THEN 0 ELSE 1 END)::smallint AS result
    FROM tries
), until_pass AS (
  SELECT *, coalesce(bool_or(result = 1) OVER (PARTITION BY u, ti ORDER BY k
                     ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false) AS passed_before
    FROM judged
), tried AS (
  SELECT * FROM until_pass WHERE NOT passed_before
), test_passed AS (
  SELECT u, ti, bool_or(result = 1) AS passed FROM tried GROUP BY u, ti
), reached AS (
  SELECT u, ti, coalesce(bool_and(passed) OVER (PARTITION BY u ORDER BY ti
                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), true) AS reached
    FROM test_passed
), timed AS (
  SELECT x.*, x.t0 + x.stage_rank * interval '2 hours' + x.ti * interval '20 minutes'
                + (x.k - 1) * interval '4 minutes' + x.rt * interval '1 minute' AS start_time,
         (40 + x.rd * 120) * interval '1 second' AS took
    FROM tried x JOIN reached USING (u, ti)
   WHERE reached.reached
)
SELECT u, ti, k, seq_id, stage_rank, next_stage, last_in_stage, result, start_time, start_time + took AS end_time,
       (CASE result WHEN 1 THEN floor(rv * n_pass)
                    WHEN 0 THEN CASE WHEN start_time >= steady_from
                                     THEN steady_fail[1 + floor(rv * cardinality(steady_fail))::int]
                                     ELSE floor(rv * n_fail) END
                    ELSE floor(rv * n_abort) END)::int AS variant
  FROM timed
 WHERE start_time + took <= $1::timestamptz`;

/**
 * $1 runs too many. Scale mode asks for an exact number of runs: whole units picked at random
 * (not the last ones, so the runs still cover every day) are left out while their runs fit in
 * the excess; the few runs still over are cut from the end.
 */
export const THIN_SQL = `
DELETE FROM seed_try WHERE u IN (
  SELECT u FROM (SELECT u, sum(c) OVER (ORDER BY hashint4(u), u) AS dropped
                   FROM (SELECT u, count(*) AS c FROM seed_try GROUP BY u) per_unit) x
   WHERE dropped <= $1)`;

/**
 * $1 the time a station retired. The runs, numbered in unit order: a run's id is the first run id
 * + n - 1. Each with its station (lab-sql.ts) and its shift: 0 before 14:00 UTC, 1 after, as the
 * operators take turns.
 */
export const RUNS_SQL = `
CREATE TEMP TABLE seed_run ON COMMIT DROP AS
SELECT row_number() OVER (ORDER BY t.u, t.ti, t.k)::int AS n, t.*, ${STATION_OF_RUN} AS station_idx,
       (extract(hour FROM t.start_time)::int >= 14)::int AS shift
  FROM seed_try t JOIN seed_lab_test lt USING (seq_id)`;

/** $1 block, $2 jump every (0: none), $3 now, $4 who adds and jumps. */
export const HISTORY_SQL = `
CREATE TEMP TABLE seed_hist ON COMMIT DROP AS
SELECT u, 0 AS e, first_stage::smallint AS stage_no, 'add' AS reason, NULL::int AS run_n,
       t0 - interval '30 minutes' AS at, $4::text AS by_name
  FROM seed_unit
UNION ALL
SELECT r.u, r.stage_rank + 1, r.next_stage::smallint, 'advance', r.n, r.end_time + interval '1 second', su.name
  FROM seed_run r JOIN seed_user su ON su.idx = (extract(hour FROM r.start_time)::int >= 14)::int % (SELECT count(*) FROM seed_user)
 WHERE r.result = 1 AND r.last_in_stage
UNION ALL
SELECT r.u, $1::int - 1, u.first_stage::smallint, 'jump', NULL, r.end_time + interval '1 day', $4::text
  FROM seed_run r JOIN seed_unit u USING (u)
 WHERE $2::int > 0 AND r.u % $2::int = 0 AND r.result = 1 AND r.last_in_stage AND r.next_stage IS NULL
   AND r.end_time + interval '1 day' <= $3::timestamptz`;

/** $1 account, $2 first serial-number id, $3 first history id, $4 block. */
export const SERIAL_NUMBERS_SQL = `
INSERT INTO serial_number (id, account_id, product_id, sn, current_history_id, created_at, created_by_name)
SELECT $2::int + u.u - 1, $1, u.product_id, u.sn, $3::int + (u.u - 1) * $4::int + h.e, u.t0 - interval '30 minutes', h0.by_name
  FROM seed_unit u
  JOIN (SELECT u, max(e) AS e FROM seed_hist GROUP BY u) h USING (u)
  JOIN seed_hist h0 ON h0.u = u.u AND h0.e = 0`;

/** $1 account, $2 first serial-number id, $3 first history id, $4 block, $5 first run id. */
export const STAGE_HISTORY_SQL = `
INSERT INTO sn_stage_history (id, account_id, serial_number_id, stage_no, reason, run_id, created_at, created_by_name)
SELECT $3::int + (h.u - 1) * $4::int + h.e, $1, $2::int + h.u - 1, h.stage_no, h.reason,
       CASE WHEN h.run_n IS NULL THEN NULL ELSE $5::bigint + h.run_n - 1 END, h.at, h.by_name
  FROM seed_hist h`;

/**
 * A passing row's value drawn for one run (docs/seed.md, "Measurement patterns"): the nominal,
 * moved by the step's drift (linear from $8 to $9, epoch seconds) and shift (from its day on), plus a normal
 * spread (Box-Muller), and one row in a thousand an outlier at 4.5σ. Drawn values beyond a limit
 * are mirrored back inside it, so a passing run still passes every row; the template's own value
 * stays where even that fails. Rounded to 3 decimals, as the templates are (the limits have at
 * most 3, so rounding never crosses one).
 */
const DRAWN = `(m->>0)::float8
  + (m->>2)::float8 * (extract(epoch FROM r.start_time) - $8) / ($9 - $8)
  + CASE WHEN extract(epoch FROM r.start_time) >= (m->>4)::float8 THEN (m->>3)::float8 ELSE 0 END
  + (m->>1)::float8 * CASE WHEN random() < 0.001 THEN 4.5 * sign(random() - 0.5)
                    ELSE sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) END`;

/** The same, mirrored inside the row's limits (x.e: the template row; d.v: the drawn value). */
const INSIDE = `CASE WHEN x.e->'upper' IS NOT NULL AND jsonb_typeof(x.e->'upper') = 'number' AND d.v > (x.e->>'upper')::float8
            THEN 2 * (x.e->>'upper')::float8 - d.v
            WHEN x.e->'lower' IS NOT NULL AND jsonb_typeof(x.e->'lower') = 'number' AND d.v < (x.e->>'lower')::float8
            THEN 2 * (x.e->>'lower')::float8 - d.v
            ELSE d.v END`;

/**
 * A run's step results: the template's (none for some aborted ones), every modelled passing row
 * drawn anew (m: the row's model from the template's list, by index; JSON null for none).
 */
const RUN_STEPS = `(SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(m) IS DISTINCT FROM 'array' OR x.e->>'result' <> '1' THEN x.e
                             WHEN (x.e->>'lower' IS NULL OR i.v >= (x.e->>'lower')::float8)
                              AND (x.e->>'upper' IS NULL OR i.v <= (x.e->>'upper')::float8)
                             THEN jsonb_set(x.e, '{value}', to_jsonb(round(i.v::numeric, 3)))
                             ELSE x.e END ORDER BY x.n), '[]')
     FROM jsonb_array_elements(t.steps) WITH ORDINALITY AS x(e, n)
     CROSS JOIN LATERAL (SELECT t.models->(x.n::int - 1) AS m) mm
     LEFT JOIN LATERAL (SELECT ${DRAWN} AS v) d ON jsonb_typeof(m) = 'array'
     LEFT JOIN LATERAL (SELECT ${INSIDE} AS v) i ON jsonb_typeof(m) = 'array')`;

/**
 * $1 account, $2 first serial-number id, $3 first history id, $4 block, $5 first run id, $6-$7 n
 * range, $8-$9 the seeded range in epoch seconds (for the drifts), $10 the runner's version. Each
 * run names its station (issue 40; its instruments and calibration follow, lab-sql.ts). Each run's client id goes into
 * run_client_id as the API's upload writes it. A run takes the template of the release runnable
 * at its start (its era, releases.ts): that release's number, the test's version it snapshots,
 * and its limits.
 */
export const INSERT_RUNS_SQL = `
WITH stored AS (
INSERT INTO run (id, account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                 client_run_id, seq_version, release_no, start_time, end_time, result, user_id, user_name, steps,
                 is_first, created_at, station, runner_version)
SELECT $5::bigint + r.n - 1, $1, u.product_id, r.seq_id, $2::int + r.u - 1, u.sn,
       $3::int + (r.u - 1) * $4::int + r.stage_rank, r.k, md5($1::int || ':' || r.n)::uuid::text, t.seq_version,
       t.release_no, r.start_time, r.end_time, r.result, su.id, su.name, ${RUN_STEPS}, r.k = 1,
       r.end_time + interval '2 seconds', ss.name, $10
  FROM seed_run r
  JOIN seed_unit u USING (u)
  JOIN seed_station ss ON ss.idx = r.station_idx
  JOIN seed_tmpl t ON t.seq_id = r.seq_id AND t.result = r.result AND t.variant = r.variant
                  AND r.start_time >= t.era_from AND r.start_time < t.era_until
  JOIN seed_user su ON su.idx = (extract(hour FROM r.start_time)::int >= 14)::int % (SELECT count(*) FROM seed_user)
 WHERE r.n BETWEEN $6 AND $7
RETURNING account_id, client_run_id, id, start_time)
INSERT INTO run_client_id (account_id, client_run_id, run_id, start_time) SELECT * FROM stored`;

/**
 * $1 first run id, $2 traces from this time on: the rows whose traces the runs keep, with their
 * step's action and band, and each run's own row (its value drawn per run), for traceOf (traces.ts).
 */
export const TRACED_ROWS_SQL = `
SELECT $1::bigint + r.n - 1 AS run_id, tr.step_index, tr.action_id, tr.band_lo, tr.band_hi, run.steps->tr.step_index AS row
  FROM seed_run r
  JOIN seed_traced tr ON tr.seq_id = r.seq_id AND tr.result = r.result AND tr.variant = r.variant
  JOIN run ON run.id = $1::bigint + r.n - 1 AND run.start_time = r.start_time
 WHERE r.start_time >= $2::timestamptz
 ORDER BY 1, 2`;
