import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The roll-up trigger's upsert of the unit-days of the inserted runs (transition table new_runs);
 * later versions of the trigger function (1763856700000) keep it as it is.
 */
export const UPSERT_UNIT_DAYS = `INSERT INTO run_unit_day AS u (account_id, product_id, day, serial_number_id, first_start, last_start)
        SELECT account_id, product_id, (start_time AT TIME ZONE 'UTC')::date, serial_number_id,
               min(start_time), max(start_time)
          FROM new_runs
         GROUP BY 1, 2, 3, 4
        ON CONFLICT (account_id, product_id, day, serial_number_id) DO UPDATE
          SET first_start = least(u.first_start, excluded.first_start),
              last_start = greatest(u.last_start, excluded.last_start);`;

/**
 * What the reports read (docs/api/reports.md, "Indexes and the roll-up", with the EXPLAIN figures):
 * - run (account_id, seq_id, start_time) gains INCLUDE (result, is_first, serial_number_id), so
 *   the pass-rate and yield reports answer from the index alone instead of one heap page per run;
 * - run (created_at) INCLUDE (...): the back office's bill and usage count runs by upload time
 *   over every account, which no other index serves;
 * - run_unit_day: one row per unit and UTC day with its first and last start time there, for the
 *   tested-units report (a unit's runs of a day collapse into one row). A statement trigger on run
 *   keeps it in the inserting transaction (docs/requirements/scaling.md#roll-ups: roll-ups kept by
 *   the upload transaction), for the runner's uploads and for bulk inserts and COPY alike; the
 *   existing runs are rolled up here. Runs are never updated in these columns nor deleted.
 */
export class ReportIndexesAndUnitDays1763856600000 implements MigrationInterface {
  name = 'ReportIndexesAndUnitDays1763856600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX run_account_seq_time_idx;
      CREATE INDEX run_account_seq_time_idx ON run (account_id, seq_id, start_time)
        INCLUDE (result, is_first, serial_number_id);
      CREATE INDEX run_created_at_idx ON run (created_at) INCLUDE (account_id, product_id, seq_id, result);

      CREATE TABLE run_unit_day (
        account_id integer NOT NULL,
        product_id integer NOT NULL,
        -- the UTC day of the runs' start times
        day date NOT NULL,
        serial_number_id integer NOT NULL,
        first_start timestamptz NOT NULL,
        last_start timestamptz NOT NULL,
        PRIMARY KEY (account_id, product_id, day, serial_number_id)
      );

      CREATE FUNCTION run_unit_day_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${UPSERT_UNIT_DAYS}
        RETURN NULL;
      END $$;

      CREATE TRIGGER run_unit_day_rollup AFTER INSERT ON run REFERENCING NEW TABLE AS new_runs
        FOR EACH STATEMENT EXECUTE FUNCTION run_unit_day_rollup();

      INSERT INTO run_unit_day (account_id, product_id, day, serial_number_id, first_start, last_start)
      SELECT account_id, product_id, (start_time AT TIME ZONE 'UTC')::date, serial_number_id,
             min(start_time), max(start_time)
        FROM run
       GROUP BY 1, 2, 3, 4;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER run_unit_day_rollup ON run;
      DROP FUNCTION run_unit_day_rollup();
      DROP TABLE run_unit_day;
      DROP INDEX run_created_at_idx;
      DROP INDEX run_account_seq_time_idx;
      CREATE INDEX run_account_seq_time_idx ON run (account_id, seq_id, start_time);
    `);
  }
}
