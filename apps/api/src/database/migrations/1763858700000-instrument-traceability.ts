import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traceability of instruments and calibrations (issue 40, docs/traceability.md).
 * Instruments are registered per account the first time a run names them; managers record their
 * certificates; the calibrations the runner made are kept by the key the runner gave them. A run
 * records its station, runner version, instruments (with their certificate state at the run's
 * start) and, per calibration, the step results it measured. run_instrument and run_calibration
 * are keyed like run_trace (no foreign key to the partitioned run) and carry the run's start, so
 * containment reads one index range per instrument or calibration.
 */
export class InstrumentTraceability1763858700000 implements MigrationInterface {
  name = 'InstrumentTraceability1763858700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE account ADD COLUMN allow_overdue_instruments boolean NOT NULL DEFAULT false;

      CREATE TABLE instrument (
        id serial NOT NULL,
        account_id integer NOT NULL REFERENCES account(id),
        role text NOT NULL CHECK (role IN ('network_analyzer', 'pim_analyzer')),
        vendor text NOT NULL,
        model text NOT NULL,
        serial text NOT NULL,
        firmware text,
        resource text,
        last_station text,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (id, account_id),
        UNIQUE (account_id, vendor, model, serial)
      );

      CREATE TABLE instrument_certificate (
        id serial NOT NULL,
        account_id integer NOT NULL,
        instrument_id integer NOT NULL,
        number text NOT NULL,
        laboratory text NOT NULL,
        calibrated_on date NOT NULL,
        due_on date NOT NULL CHECK (due_on >= calibrated_on),
        file_name text NOT NULL,
        pdf bytea NOT NULL,
        recorded_by_id integer REFERENCES app_user(id),
        recorded_by_name text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (id, account_id),
        FOREIGN KEY (instrument_id, account_id) REFERENCES instrument (id, account_id)
      );
      CREATE INDEX instrument_certificate_due_idx
        ON instrument_certificate (account_id, instrument_id, due_on DESC);

      CREATE TABLE calibration_record (
        id serial NOT NULL,
        account_id integer NOT NULL,
        -- the runner's key for it (CalibrationUse.key)
        client_key text NOT NULL,
        instrument_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('mechanical', 'ecal')),
        ecal_serial text,
        ports text NOT NULL,
        start_mhz double precision NOT NULL,
        stop_mhz double precision NOT NULL,
        made_at timestamptz NOT NULL,
        made_by text NOT NULL,
        PRIMARY KEY (id, account_id),
        UNIQUE (account_id, client_key),
        FOREIGN KEY (instrument_id, account_id) REFERENCES instrument (id, account_id),
        CHECK ((kind = 'ecal') = (ecal_serial IS NOT NULL))
      );
      CREATE INDEX calibration_record_instrument_idx ON calibration_record (account_id, instrument_id, made_at DESC);

      ALTER TABLE run
        ADD COLUMN station text,
        ADD COLUMN runner_version text,
        ADD COLUMN measured_overdue boolean NOT NULL DEFAULT false;
      CREATE INDEX run_account_station_time_idx ON run (account_id, station, start_time) WHERE station IS NOT NULL;

      CREATE TABLE run_instrument (
        account_id integer NOT NULL,
        run_id bigint NOT NULL,
        start_time timestamptz NOT NULL,
        instrument_id integer NOT NULL,
        role text NOT NULL,
        -- the certificate's state at the run's start, and its due date then
        state_at_run text NOT NULL CHECK (state_at_run IN ('valid', 'due', 'overdue', 'unknown')),
        due_on date,
        PRIMARY KEY (run_id, instrument_id)
      );
      CREATE INDEX run_instrument_containment_idx ON run_instrument (account_id, instrument_id, start_time) INCLUDE (run_id);

      CREATE TABLE run_calibration (
        account_id integer NOT NULL,
        run_id bigint NOT NULL,
        start_time timestamptz NOT NULL,
        calibration_id integer NOT NULL,
        -- the step results (0-based) measured with it
        step_indices integer[] NOT NULL,
        PRIMARY KEY (run_id, calibration_id)
      );
      CREATE INDEX run_calibration_containment_idx ON run_calibration (account_id, calibration_id, start_time) INCLUDE (run_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE run_calibration;
      DROP TABLE run_instrument;
      DROP INDEX run_account_station_time_idx;
      ALTER TABLE run DROP COLUMN station, DROP COLUMN runner_version, DROP COLUMN measured_overdue;
      DROP TABLE calibration_record;
      DROP TABLE instrument_certificate;
      DROP TABLE instrument;
      ALTER TABLE account DROP COLUMN allow_overdue_instruments;
    `);
  }
}
