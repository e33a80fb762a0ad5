/**
 * The SQL that gives the seeded runs what measured them (issue 40, lab.ts), from the plan's temp
 * tables: seed_run (with station_idx and shift, runs-sql.ts), seed_station, seed_lab_test,
 * seed_na_rows, seed_lab_instrument and seed_user. Each is one statement over all runs.
 */

/**
 * $1 the time a station retired (lab.ts). A run's station: one of those that may measure its test
 * (seed_lab_test), by unit and test; after $1 one of those still measuring. An expression on the
 * run's own row: a million runs take no longer to plan.
 */
export const STATION_OF_RUN = `CASE WHEN t.start_time < $1::timestamptz
            THEN lt.stations[1 + (t.u + t.ti) % cardinality(lt.stations)]
            ELSE lt.late_stations[1 + (t.u + t.ti) % cardinality(lt.late_stations)] END`;

/** The UTC day of a run's start. */
const RUN_DAY = `(r.start_time AT TIME ZONE 'UTC')::date`;

/**
 * One calibration per station, network-analyzer test, day and shift: made a quarter of an hour
 * before the shift's first run of the test there (the runner keeps a calibration for the shift).
 */
export const CALIBRATIONS_SQL = `
CREATE TEMP TABLE seed_cal ON COMMIT DROP AS
SELECT row_number() OVER (ORDER BY min(r.start_time), r.station_idx, r.seq_id)::int AS c,
       r.station_idx, r.seq_id, ${RUN_DAY} AS day, r.shift, min(r.start_time) - interval '15 minutes' AS made_at
  FROM seed_run r JOIN seed_lab_test lt USING (seq_id)
 WHERE lt.uses_na
 GROUP BY r.station_idx, r.seq_id, ${RUN_DAY}, r.shift`;

/**
 * $1 account, $2 first calibration id. The runner's key is the station's, the test's, the day's
 * and the shift's; ECal where the station has a module, else a mechanical kit; made by the shift's
 * operator (the one who runs its tests, runs-sql.ts).
 */
export const INSERT_CALIBRATIONS_SQL = `
INSERT INTO calibration_record (id, account_id, client_key, instrument_id, kind, ecal_serial, ports,
                                start_mhz, stop_mhz, made_at, made_by)
SELECT $2::int + c.c - 1, $1, 'seed-' || ss.name || '-' || c.seq_id || '-' || c.day || '-' || c.shift,
       li.instrument_id, CASE WHEN ss.ecal IS NULL THEN 'mechanical' ELSE 'ecal' END, ss.ecal,
       lt.cal_ports, lt.cal_start, lt.cal_stop, c.made_at, su.name
  FROM seed_cal c
  JOIN seed_station ss ON ss.idx = c.station_idx
  JOIN seed_lab_test lt USING (seq_id)
  JOIN seed_lab_instrument li ON li.station_idx = c.station_idx AND li.role = 'network_analyzer'
  JOIN seed_user su ON su.idx = c.shift % (SELECT count(*) FROM seed_user)`;

/**
 * $1 account. The certificate in force on each day, by the API's rule
 * (apps/api/src/instruments/certificate-in-force.sql.ts: the latest due date among the
 * certificates calibrated on or before the day), as periods from one calibration to the next: a
 * run then finds its period by a hash join, not a subquery per run.
 */
export const CERTIFICATE_PERIODS_SQL = `
CREATE TEMP TABLE seed_cert_period ON COMMIT DROP AS
SELECT instrument_id, calibrated_on AS from_day,
       coalesce(lead(calibrated_on) OVER (PARTITION BY instrument_id ORDER BY calibrated_on), 'infinity') AS until_day,
       max(due_on) OVER (PARTITION BY instrument_id ORDER BY calibrated_on) AS due_on
  FROM instrument_certificate WHERE account_id = $1`;

/**
 * $1 first run id. Each run names its station's network analyzer (a test with network-analyzer
 * steps) and PIM analyzer (a test with PIM steps), with the due date of the certificate in force at
 * its start (none before the first certificate): rows of a temp table, which RUN_ORIGIN_SETS_SQL
 * turns into the runs' origin sets.
 */
export const RUN_INSTRUMENTS_SQL = `
CREATE TEMP TABLE seed_run_instrument ON COMMIT DROP AS
SELECT $1::bigint + r.n - 1 AS run_id, r.start_time, li.instrument_id, li.role, p.due_on
  FROM seed_run r
  JOIN seed_lab_test lt USING (seq_id)
  JOIN seed_lab_instrument li ON li.station_idx = r.station_idx
   AND ((li.role = 'network_analyzer' AND lt.uses_na) OR (li.role = 'pim_analyzer' AND lt.uses_pim))
  LEFT JOIN seed_cert_period p ON p.instrument_id = li.instrument_id
   AND ${RUN_DAY} >= p.from_day AND ${RUN_DAY} < p.until_day`;

/** $1 first run id, $2 first calibration id: each run's calibration and the rows it measured (a temp table). */
export const RUN_CALIBRATIONS_SQL = `
CREATE TEMP TABLE seed_run_calibration ON COMMIT DROP AS
SELECT $1::bigint + r.n - 1 AS run_id, r.start_time, $2::int + c.c - 1 AS calibration_id, nr.na_rows AS step_indices
  FROM seed_run r
  JOIN seed_cal c ON c.station_idx = r.station_idx AND c.seq_id = r.seq_id AND c.shift = r.shift AND c.day = ${RUN_DAY}
  JOIN seed_na_rows nr ON nr.seq_id = r.seq_id AND nr.result = r.result AND nr.variant = r.variant
 WHERE cardinality(nr.na_rows) > 0`;

/**
 * Each run's origin set (run_origin_set, the API's migration 1763860300000), from the temp tables
 * seed_run_instrument (run_id, start_time, instrument_id, role, due_on) and seed_run_calibration
 * (run_id, start_time, calibration_id, step_indices), as the upload keys it (originSetParams: in id
 * order, steps ascending; the digest is the database's run_origin_digest): the runs' contents, the
 * account's sets each once, and each run pointed to its set. Three statements, each with $1 the
 * account (the first none), in one pass over the runs. The bench's lab PCs
 * (bench/lib/origin-rows.ts) use them too.
 */
export const RUN_ORIGIN_SETS_SQL: readonly string[] = [
  `CREATE TEMP TABLE seed_run_origin ON COMMIT DROP AS
   SELECT o.*, run_origin_digest(o.instrument_ids, o.instrument_roles, o.instrument_due_ons, o.calibration_ids,
                                 o.calibration_steps) AS digest
     FROM (SELECT run_id, start_time,
                  coalesce(i.ids, '{}') AS instrument_ids, coalesce(i.roles, '{}') AS instrument_roles,
                  coalesce(i.due_ons, '{}') AS instrument_due_ons,
                  coalesce(c.ids, '{}') AS calibration_ids, coalesce(c.steps, '[]') AS calibration_steps
             FROM (SELECT run_id, start_time, array_agg(instrument_id ORDER BY instrument_id) AS ids,
                          array_agg(role ORDER BY instrument_id) AS roles, array_agg(due_on ORDER BY instrument_id) AS due_ons
                     FROM seed_run_instrument GROUP BY 1, 2) i
             FULL JOIN (SELECT run_id, start_time, array_agg(calibration_id ORDER BY calibration_id) AS ids,
                               jsonb_agg((SELECT coalesce(jsonb_agg(s ORDER BY s), '[]') FROM unnest(step_indices) s)
                                         ORDER BY calibration_id) AS steps
                          FROM seed_run_calibration GROUP BY 1, 2) c USING (run_id, start_time)) o`,
  `INSERT INTO run_origin_set (account_id, instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
                               calibration_steps)
   SELECT DISTINCT ON (digest) $1::int, instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
          calibration_steps
     FROM seed_run_origin ORDER BY digest
   ON CONFLICT (account_id, digest) DO NOTHING`,
  `UPDATE run r SET origin_set_id = s.id
     FROM seed_run_origin o JOIN run_origin_set s ON s.account_id = $1 AND s.digest = o.digest
    WHERE r.account_id = $1 AND r.id = o.run_id AND r.start_time = o.start_time`,
];

/** $1 account: each instrument's last station and use, from its newest run. */
export const INSTRUMENTS_USED_SQL = `
UPDATE instrument i SET last_used_at = x.at, last_station = ss.name
  FROM (SELECT instrument_id, max(start_time) AS at FROM seed_run_instrument GROUP BY 1) x,
       seed_lab_instrument li JOIN seed_station ss ON ss.idx = li.station_idx
 WHERE i.account_id = $1 AND i.id = x.instrument_id AND li.instrument_id = i.id`;

/**
 * Each run's instruments from its origin set, as rows (account_id, run_id, start_time,
 * instrument_id, role, due_on): for the seed's and the bench's checks. $1 the account.
 */
export const RUN_INSTRUMENT_ROWS = `
  SELECT r.account_id, r.id AS run_id, r.start_time, x.instrument_id, x.role, x.due_on
    FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
   CROSS JOIN LATERAL unnest(s.instrument_ids, s.instrument_roles, s.instrument_due_ons) AS x(instrument_id, role, due_on)
   WHERE r.account_id = $1`;

/** Each run's calibrations from its origin set, as rows (account_id, run_id, start_time, calibration_id, step_indices). */
export const RUN_CALIBRATION_ROWS = `
  SELECT r.account_id, r.id AS run_id, r.start_time, x.calibration_id,
         ARRAY(SELECT jsonb_array_elements_text(s.calibration_steps -> (x.n::int - 1))::int) AS step_indices
    FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
   CROSS JOIN LATERAL unnest(s.calibration_ids) WITH ORDINALITY AS x(calibration_id, n)
   WHERE r.account_id = $1`;
