import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One index per run_instrument and run_calibration (issue 40's upload cost, docs/traceability.md
 * "Recording at upload"): the containment index becomes the primary key,
 * (account_id, instrument_id, start_time, run_id) and the same with calibration_id, so an upload
 * writes one index entry per row instead of two. account_id stays in every key (docs/scaling.md,
 * "Distribution plan"; migration 1763858800000).
 *
 * A run's own rows are then found from the run: it keeps the ids it names (run.instrument_ids,
 * run.calibration_ids, NULL when none), and each row is one probe of the key by
 * (account, id, the run's start, the run). The runs stored before get theirs from their rows.
 */
export class RunOriginByInstrument1763858900000 implements MigrationInterface {
  name = 'RunOriginByInstrument1763858900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run ADD COLUMN instrument_ids integer[], ADD COLUMN calibration_ids integer[];

      UPDATE run r SET instrument_ids = o.instrument_ids, calibration_ids = o.calibration_ids
        FROM (SELECT account_id, run_id, start_time, i.ids AS instrument_ids, c.ids AS calibration_ids
                FROM (SELECT account_id, run_id, start_time, array_agg(instrument_id ORDER BY instrument_id) AS ids
                        FROM run_instrument GROUP BY 1, 2, 3) i
                FULL JOIN (SELECT account_id, run_id, start_time, array_agg(calibration_id ORDER BY calibration_id) AS ids
                             FROM run_calibration GROUP BY 1, 2, 3) c USING (account_id, run_id, start_time)) o
       WHERE r.account_id = o.account_id AND r.id = o.run_id AND r.start_time = o.start_time;

      ALTER TABLE run_instrument DROP CONSTRAINT run_instrument_pkey,
        ADD PRIMARY KEY (account_id, instrument_id, start_time, run_id);
      DROP INDEX run_instrument_containment_idx;
      ALTER TABLE run_calibration DROP CONSTRAINT run_calibration_pkey,
        ADD PRIMARY KEY (account_id, calibration_id, start_time, run_id);
      DROP INDEX run_calibration_containment_idx;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX run_instrument_containment_idx ON run_instrument (account_id, instrument_id, start_time) INCLUDE (run_id);
      ALTER TABLE run_instrument DROP CONSTRAINT run_instrument_pkey,
        ADD PRIMARY KEY (run_id, instrument_id, account_id);
      CREATE INDEX run_calibration_containment_idx ON run_calibration (account_id, calibration_id, start_time) INCLUDE (run_id);
      ALTER TABLE run_calibration DROP CONSTRAINT run_calibration_pkey,
        ADD PRIMARY KEY (run_id, calibration_id, account_id);
      ALTER TABLE run DROP COLUMN instrument_ids, DROP COLUMN calibration_ids;
    `);
  }
}
