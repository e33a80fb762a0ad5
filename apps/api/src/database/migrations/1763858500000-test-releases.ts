import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Releases of tests (issue 39, docs/releases.md): immutable snapshots of a test's steps and
 * calibrations, numbered per test; the account's release control; the release each run ran.
 * Every complete live test's content now becomes its release 1, so every test the runner can run
 * today keeps running, and runs from now on name the content they ran. Earlier runs keep their
 * version and no release: they show "before releases".
 */
export class TestReleases1763858500000 implements MigrationInterface {
  name = 'TestReleases1763858500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE account
        ADD COLUMN release_control boolean NOT NULL DEFAULT false,
        ADD COLUMN release_approval boolean NOT NULL DEFAULT false;

      CREATE TABLE seq_release (
        id serial NOT NULL,
        account_id integer NOT NULL REFERENCES account(id),
        seq_id integer NOT NULL,
        no integer NOT NULL CHECK (no >= 1),
        -- the test's version the content was taken at (a rollback's: the release it went back to)
        seq_version integer NOT NULL,
        -- {steps: Step[], cals: Calibration[]}, the runner's wire shape
        content jsonb NOT NULL,
        kind text NOT NULL CHECK (kind IN ('explicit', 'automatic', 'rollback', 'migration')),
        state text NOT NULL CHECK (state IN ('released', 'waiting', 'rejected')),
        note text NOT NULL,
        rolled_back_from integer,
        created_by_id integer REFERENCES app_user(id),
        created_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_by_id integer REFERENCES app_user(id),
        decided_by_name text,
        decided_at timestamptz,
        reason text,
        -- keys hold account_id, the distribution column (docs/scaling.md, "Distribution plan")
        PRIMARY KEY (id, account_id),
        UNIQUE (seq_id, no, account_id),
        -- seq's key is (id, account_id) since the account keys (1763857000000)
        FOREIGN KEY (seq_id, account_id) REFERENCES seq (id, account_id) ON DELETE CASCADE
      );
      CREATE INDEX seq_release_waiting_idx ON seq_release (account_id) WHERE state = 'waiting';

      ALTER TABLE run ADD COLUMN release_no integer;

      INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note, created_by_name)
      SELECT s.account_id, s.id, 1, s.version,
             jsonb_build_object(
               'steps', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                           'id', st.id, 'name', st.name, 'isDefaultName', st.is_default_name,
                           'instrumentId', st.instrument_id, 'actionId', st.action_id, 'param', st.param,
                           'isCompleted', st.is_completed, 'errors', st.errors) ORDER BY st.position), '[]')
                           FROM step st WHERE st.seq_id = s.id),
               'cals', s.cals),
             'migration', 'released', 'The test as it was when releases were introduced', 'Sweepline'
        FROM seq s JOIN product p ON p.id = s.product_id
       WHERE s.deleted_at IS NULL AND p.deleted_at IS NULL AND s.is_completed;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run DROP COLUMN release_no;
      DROP TABLE seq_release;
      ALTER TABLE account DROP COLUMN release_control, DROP COLUMN release_approval;
    `);
  }
}
