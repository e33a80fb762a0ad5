import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The station's units keep the times of their first and latest verdicts (issue 38): a unit
 * measured while the service was away reaches the board later, uploaded from the runner's queue,
 * and must count by its own time, neither replacing a later verdict of the same unit nor counting
 * twice when repeated. Rows from before have no times: '-infinity' keeps their first verdict
 * first and lets any new verdict be the latest, as counting did until now.
 */
export class StationUnitTimes1763858250000 implements MigrationInterface {
  name = 'StationUnitTimes1763858250000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE station_unit
        ADD COLUMN first_at timestamptz NOT NULL DEFAULT '-infinity',
        ADD COLUMN last_at timestamptz NOT NULL DEFAULT '-infinity';
      ALTER TABLE station_unit ALTER COLUMN first_at DROP DEFAULT, ALTER COLUMN last_at DROP DEFAULT;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE station_unit DROP COLUMN first_at, DROP COLUMN last_at`);
  }
}
