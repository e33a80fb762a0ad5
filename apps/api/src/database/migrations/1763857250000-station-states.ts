import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live floor (issue 25, docs/api/stations.md): the last state each lab PC's runner reported,
 * one row per station of an account, and the station's units of its day for its counts (a unit's
 * first and latest verdict there, for the first-pass yield). Station reports are not runs: they
 * are not billed and no report reads them. A station silent for 30 days is dropped, its units
 * with it. The board's event stream is opened with a single-use code of its own purpose.
 */
export class StationStates1763857250000 implements MigrationInterface {
  name = 'StationStates1763857250000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE station (
        account_id integer NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL,
        state text NOT NULL
          CHECK (state IN ('idle', 'calibrating', 'testing', 'waiting', 'error', 'result')),
        product_id integer,
        seq_id integer,
        sn text,
        step integer,
        steps integer,
        operator text,
        zone_offset numeric(4, 2) NOT NULL,
        state_since timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        verdict_sn text,
        verdict_result smallint,
        verdict_at timestamptz,
        -- the counts of the station's day "today_day" (its own zone); a later day starts at zero
        today_day date,
        units integer NOT NULL DEFAULT 0,
        passes integer NOT NULL DEFAULT 0,
        first_passes integer NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, name)
      );
      CREATE INDEX station_last_seen_idx ON station (last_seen);
      CREATE TABLE station_unit (
        account_id integer NOT NULL,
        station text NOT NULL,
        day date NOT NULL,
        sn text NOT NULL,
        first_passed boolean NOT NULL,
        last_passed boolean NOT NULL,
        PRIMARY KEY (account_id, station, day, sn),
        FOREIGN KEY (account_id, station) REFERENCES station (account_id, name) ON DELETE CASCADE
      );
      ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check;
      ALTER TABLE verification_code
        ADD CONSTRAINT verification_code_purpose_check
        CHECK (purpose IN ('activate', 'reset', 'export', 'stations'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM verification_code WHERE purpose = 'stations';
      ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check;
      ALTER TABLE verification_code
        ADD CONSTRAINT verification_code_purpose_check CHECK (purpose IN ('activate', 'reset', 'export'));
      DROP TABLE station_unit;
      DROP TABLE station;
    `);
  }
}
