import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The primary keys of run_instrument and run_calibration hold account_id, as run_trace's does
 * (docs/scaling.md, "Distribution plan": every key of a distributed table includes it; the
 * key-rule test, distribution-keys.int-spec.ts, checks it). run_id stays first, so a run's rows
 * are still read by its id.
 */
export class RunOriginKeys1763858800000 implements MigrationInterface {
  name = 'RunOriginKeys1763858800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_instrument DROP CONSTRAINT run_instrument_pkey,
        ADD PRIMARY KEY (run_id, instrument_id, account_id);
      ALTER TABLE run_calibration DROP CONSTRAINT run_calibration_pkey,
        ADD PRIMARY KEY (run_id, calibration_id, account_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_instrument DROP CONSTRAINT run_instrument_pkey, ADD PRIMARY KEY (run_id, instrument_id);
      ALTER TABLE run_calibration DROP CONSTRAINT run_calibration_pkey, ADD PRIMARY KEY (run_id, calibration_id);
    `);
  }
}
