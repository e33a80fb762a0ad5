import type { MigrationInterface, QueryRunner } from 'typeorm';
import { UPSERT_UNIT_DAYS } from './1763856600000-report-indexes-and-unit-days';

/** The quarter hour (0-95) of an instant's UTC day; immutable, as a stored generated column needs. */
const quarterHour = (column: string) =>
  `(date_part('hour', ${column} AT TIME ZONE 'UTC') * 4 + floor(date_part('minute', ${column} AT TIME ZONE 'UTC') / 15))::smallint`;

/**
 * Cheaper uploads and a tested-units report that needs no distinct count (docs/api/reports.md,
 * "Indexes and the roll-up"; docs/performance.md, "Reports and ingest"):
 * - run (account_id, product_id, start_time) goes: no query reads it since 1763856600000, and
 *   every upload wrote it;
 * - serial_number (current_history_id): deleting stage-history entries (deleting serial numbers,
 *   emptying an account) checks the deferred foreign key by that column;
 * - run_unit_day gains the quarter hours of its first and last start (generated from them) and
 *   prev_slot, the last quarter hour of the unit's runs on the UTC day before. Zone offsets are
 *   whole quarter hours, so these place a unit-day on local days for any offset, and prev_slot
 *   tells when a local day spanning two UTC days already counted the unit. The report then counts
 *   (day, slots) groups from an index, instead of hashing every unit-day;
 * - the statement trigger keeps prev_slot too; the existing rows get theirs here.
 */
export class LeanUploadsAndUnitSlots1763856700000 implements MigrationInterface {
  name = 'LeanUploadsAndUnitSlots1763856700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX run_account_product_time_idx;
      CREATE INDEX serial_number_current_history_idx ON serial_number (current_history_id);

      ALTER TABLE run_unit_day
        ADD COLUMN first_slot smallint GENERATED ALWAYS AS (${quarterHour('first_start')}) STORED,
        ADD COLUMN last_slot smallint GENERATED ALWAYS AS (${quarterHour('last_start')}) STORED,
        ADD COLUMN prev_slot smallint CHECK (prev_slot BETWEEN 0 AND 95);
      UPDATE run_unit_day n SET prev_slot = p.last_slot
        FROM run_unit_day p
       WHERE p.account_id = n.account_id AND p.product_id = n.product_id
         AND p.day = n.day - 1 AND p.serial_number_id = n.serial_number_id;
      CREATE INDEX run_unit_day_slots_idx
        ON run_unit_day (account_id, product_id, day, first_slot, last_slot, prev_slot);

      CREATE OR REPLACE FUNCTION run_unit_day_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${UPSERT_UNIT_DAYS}
        -- each touched day hands its last quarter hour to the next day's row and takes the day before's
        -- (= ANY (ARRAY[...]), not IN (...): an IN list of expressions becomes a filter, and the scan
        -- would then walk every unit-day of the product instead of two index entries)
        UPDATE run_unit_day n SET prev_slot = p.last_slot
          FROM (SELECT DISTINCT account_id, product_id, (start_time AT TIME ZONE 'UTC')::date AS day, serial_number_id
                  FROM new_runs) k
          JOIN run_unit_day p ON p.account_id = k.account_id AND p.product_id = k.product_id
                             AND p.day = ANY (ARRAY[k.day - 1, k.day]) AND p.serial_number_id = k.serial_number_id
         WHERE n.account_id = p.account_id AND n.product_id = p.product_id
           AND n.day = p.day + 1 AND n.serial_number_id = p.serial_number_id
           AND n.prev_slot IS DISTINCT FROM p.last_slot;
        RETURN NULL;
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION run_unit_day_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${UPSERT_UNIT_DAYS}
        RETURN NULL;
      END $$;
      DROP INDEX run_unit_day_slots_idx;
      ALTER TABLE run_unit_day DROP COLUMN prev_slot, DROP COLUMN last_slot, DROP COLUMN first_slot;
      DROP INDEX serial_number_current_history_idx;
      CREATE INDEX run_account_product_time_idx ON run (account_id, product_id, start_time);
    `);
  }
}
