import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's origin as a shared origin set (issue 40's upload cost, docs/traceability.md "Recording
 * at upload"). A lab PC measures with the same instruments and calibrations for hours, so
 * thousands of runs name the same instruments (with their roles and the due dates in force) and
 * calibrations (with the step results each measured). That set is stored once, in
 * run_origin_set, unique per account by a digest of its content (run_origin_digest, a stored
 * generated column, so every writer keys it alike), and the run points to it
 * (run.origin_set_id, NULL when the run names nothing). An upload in steady operation finds its
 * set and writes no origin row.
 *
 * The state at the run ('valid', 'due', 'overdue', 'unknown') is not stored: it is
 * calibrationState(due_on, the run's start) (libs/domain), so a set is not split by day.
 *
 * Containment finds the sets naming an instrument or a calibration (GIN indexes on the small
 * table) and their runs by run_account_origin_set_time_idx, whose entries carry the run's id, so
 * the newest runs are picked from the index alone before each is read.
 *
 * The runs stored before get their sets from their rows, set-based: each run's content
 * aggregated once, the distinct sets inserted, the runs pointed to them; then run_instrument,
 * run_calibration and the run's id arrays go.
 */
export class RunOriginSets1763860300000 implements MigrationInterface {
  name = 'RunOriginSets1763860300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION run_origin_digest(instrument_ids integer[], instrument_roles text[], instrument_due_ons date[],
                                        calibration_ids integer[], calibration_steps jsonb) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      -- a date in JSON is 'YYYY-MM-DD' whatever the DateStyle, so the digest is the same on every session
      RETURN md5(jsonb_build_array(instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
                                   calibration_steps)::text);

      CREATE TABLE run_origin_set (
        id serial NOT NULL,
        account_id integer NOT NULL REFERENCES account(id),
        -- by instrument id: each one's role in the runs and the due date of its certificate in force then
        instrument_ids integer[] NOT NULL,
        instrument_roles text[] NOT NULL,
        instrument_due_ons date[] NOT NULL,
        -- by calibration id: the step results (0-based, ascending) each measured, a JSON array of arrays
        calibration_ids integer[] NOT NULL,
        calibration_steps jsonb NOT NULL,
        digest text NOT NULL GENERATED ALWAYS AS (run_origin_digest(instrument_ids, instrument_roles,
          instrument_due_ons, calibration_ids, calibration_steps)) STORED,
        PRIMARY KEY (id, account_id),
        UNIQUE (account_id, digest)
      );
      CREATE INDEX run_origin_set_instruments_idx ON run_origin_set USING gin (instrument_ids);
      CREATE INDEX run_origin_set_calibrations_idx ON run_origin_set USING gin (calibration_ids);

      ALTER TABLE run ADD COLUMN origin_set_id integer;

      CREATE TEMP TABLE run_origin_content ON COMMIT DROP AS
      SELECT account_id, run_id, start_time,
             coalesce(i.ids, '{}') AS instrument_ids, coalesce(i.roles, '{}') AS instrument_roles,
             coalesce(i.due_ons, '{}') AS instrument_due_ons,
             coalesce(c.ids, '{}') AS calibration_ids, coalesce(c.steps, '[]') AS calibration_steps
        FROM (SELECT account_id, run_id, start_time, array_agg(instrument_id ORDER BY instrument_id) AS ids,
                     array_agg(role ORDER BY instrument_id) AS roles, array_agg(due_on ORDER BY instrument_id) AS due_ons
                FROM run_instrument GROUP BY 1, 2, 3) i
        FULL JOIN (SELECT account_id, run_id, start_time, array_agg(calibration_id ORDER BY calibration_id) AS ids,
                          jsonb_agg((SELECT coalesce(jsonb_agg(s ORDER BY s), '[]') FROM unnest(step_indices) s)
                                    ORDER BY calibration_id) AS steps
                     FROM run_calibration GROUP BY 1, 2, 3) c USING (account_id, run_id, start_time);
      ALTER TABLE run_origin_content ADD COLUMN digest text;
      UPDATE run_origin_content SET digest = run_origin_digest(instrument_ids, instrument_roles, instrument_due_ons,
                                                               calibration_ids, calibration_steps);

      INSERT INTO run_origin_set (account_id, instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
                                  calibration_steps)
      SELECT DISTINCT ON (account_id, digest) account_id, instrument_ids, instrument_roles, instrument_due_ons,
             calibration_ids, calibration_steps
        FROM run_origin_content ORDER BY account_id, digest;

      UPDATE run r SET origin_set_id = s.id
        FROM run_origin_content o JOIN run_origin_set s ON s.account_id = o.account_id AND s.digest = o.digest
       WHERE r.account_id = o.account_id AND r.id = o.run_id AND r.start_time = o.start_time;

      CREATE INDEX run_account_origin_set_time_idx ON run (account_id, origin_set_id, start_time) INCLUDE (id)
        WHERE origin_set_id IS NOT NULL;

      DROP TABLE run_instrument;
      DROP TABLE run_calibration;
      ALTER TABLE run DROP COLUMN instrument_ids, DROP COLUMN calibration_ids;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run ADD COLUMN instrument_ids integer[], ADD COLUMN calibration_ids integer[];
      CREATE TABLE run_instrument (
        account_id integer NOT NULL,
        run_id bigint NOT NULL,
        start_time timestamptz NOT NULL,
        instrument_id integer NOT NULL,
        role text NOT NULL,
        state_at_run text NOT NULL CHECK (state_at_run IN ('valid', 'due', 'overdue', 'unknown')),
        due_on date,
        PRIMARY KEY (account_id, instrument_id, start_time, run_id)
      );
      CREATE TABLE run_calibration (
        account_id integer NOT NULL,
        run_id bigint NOT NULL,
        start_time timestamptz NOT NULL,
        calibration_id integer NOT NULL,
        step_indices integer[] NOT NULL,
        PRIMARY KEY (account_id, calibration_id, start_time, run_id)
      );
      INSERT INTO run_instrument (account_id, run_id, start_time, instrument_id, role, state_at_run, due_on)
      SELECT r.account_id, r.id, r.start_time, x.id, x.role,
             CASE WHEN x.due_on IS NULL THEN 'unknown'
                  WHEN x.due_on < (r.start_time AT TIME ZONE 'UTC')::date THEN 'overdue'
                  WHEN x.due_on - (r.start_time AT TIME ZONE 'UTC')::date <= 30 THEN 'due' ELSE 'valid' END,
             x.due_on
        FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id,
             unnest(s.instrument_ids, s.instrument_roles, s.instrument_due_ons) AS x(id, role, due_on);
      INSERT INTO run_calibration (account_id, run_id, start_time, calibration_id, step_indices)
      SELECT r.account_id, r.id, r.start_time, x.id,
             ARRAY(SELECT jsonb_array_elements_text(s.calibration_steps -> (x.n::int - 1))::int)
        FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id,
             unnest(s.calibration_ids) WITH ORDINALITY AS x(id, n);
      UPDATE run r SET instrument_ids = nullif(s.instrument_ids, '{}'), calibration_ids = nullif(s.calibration_ids, '{}')
        FROM run_origin_set s WHERE s.account_id = r.account_id AND s.id = r.origin_set_id;
      DROP INDEX run_account_origin_set_time_idx;
      ALTER TABLE run DROP COLUMN origin_set_id;
      DROP TABLE run_origin_set;
      DROP FUNCTION run_origin_digest;
    `);
  }
}
