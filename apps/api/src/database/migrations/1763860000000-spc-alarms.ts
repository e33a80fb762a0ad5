import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Production SPC (issue 41; docs/measurements.md, "Frozen limits and alarms"; docs/architecture.md,
 * "Judging runs as they arrive"):
 * - spc_limit: a step's frozen centre and σ within, who froze them, when, from which baseline
 *   (freezing again replaces the row; the audit trail keeps the old values);
 * - spc_step_state: the judge's carried state per step (the last values judged, the open alarm).
 *   The upload locks it (FOR UPDATE), so a step's values are judged one upload at a time, in the
 *   order the uploads commit. Apart from spc_limit, so the hot row is small and the audited one
 *   is written only by a freeze;
 * - spc_alarm and spc_violation: an alarm per step opened by its first violation, collecting
 *   later ones until acknowledged with a note;
 * - spc_subscription: who gets a product's alarm mail.
 * Every key holds account_id (docs/scaling.md, "Distribution plan"). No foreign key to run: a
 * violation names its run by id and start time, as run_step_value does, and the seed's TRUNCATE
 * of runs must not cascade here.
 */
export class SpcAlarms1763860000000 implements MigrationInterface {
  name = 'SpcAlarms1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE spc_limit (
        account_id integer NOT NULL,
        seq_id integer NOT NULL,
        -- the step's key across versions, as run_step_value's
        title text NOT NULL,
        product_id integer NOT NULL,
        centre float8 NOT NULL,
        sigma_within float8 NOT NULL,
        baseline_values integer NOT NULL,
        baseline_from timestamptz NOT NULL,
        baseline_to timestamptz NOT NULL,
        zone_offset float8 NOT NULL,
        frozen_at timestamptz NOT NULL,
        -- null for an API token (its name is frozen_by_name)
        frozen_by integer,
        frozen_by_name text NOT NULL,
        PRIMARY KEY (account_id, seq_id, title),
        FOREIGN KEY (seq_id, account_id) REFERENCES seq (id, account_id) ON DELETE CASCADE
      );

      CREATE TABLE spc_alarm (
        account_id integer NOT NULL,
        id bigserial NOT NULL,
        product_id integer NOT NULL,
        seq_id integer NOT NULL,
        title text NOT NULL,
        opened_at timestamptz NOT NULL DEFAULT now(),
        opened_run_id bigint NOT NULL,
        violation_count integer NOT NULL DEFAULT 0,
        acknowledged_at timestamptz,
        acknowledged_by integer,
        acknowledged_by_name text,
        note text,
        PRIMARY KEY (account_id, id),
        FOREIGN KEY (seq_id, account_id) REFERENCES seq (id, account_id) ON DELETE CASCADE
      );
      -- the list's filters, newest first (the primary key serves the unfiltered list)
      CREATE INDEX spc_alarm_product_idx ON spc_alarm (account_id, product_id, id);
      CREATE INDEX spc_alarm_seq_idx ON spc_alarm (account_id, seq_id, id);

      CREATE TABLE spc_step_state (
        account_id integer NOT NULL,
        seq_id integer NOT NULL,
        title text NOT NULL,
        -- the last values judged, oldest first (JUDGE_MEMORY of the domain)
        recent float8[] NOT NULL DEFAULT '{}',
        -- the step's open alarm, which later violations join; null when none is open
        open_alarm_id bigint,
        PRIMARY KEY (account_id, seq_id, title),
        FOREIGN KEY (account_id, seq_id, title) REFERENCES spc_limit (account_id, seq_id, title) ON DELETE CASCADE
      );

      CREATE TABLE spc_violation (
        account_id integer NOT NULL,
        alarm_id bigint NOT NULL,
        run_id bigint NOT NULL,
        sn text NOT NULL,
        start_time timestamptz NOT NULL,
        value float8 NOT NULL,
        rules smallint[] NOT NULL,
        above boolean NOT NULL,
        judged_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, alarm_id, run_id),
        FOREIGN KEY (account_id, alarm_id) REFERENCES spc_alarm (account_id, id) ON DELETE CASCADE
      );
      -- the runner's question right after an upload: what did this run do
      CREATE INDEX spc_violation_run_idx ON spc_violation (account_id, run_id);

      CREATE TABLE spc_subscription (
        account_id integer NOT NULL,
        product_id integer NOT NULL,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        PRIMARY KEY (account_id, product_id, user_id),
        FOREIGN KEY (product_id, account_id) REFERENCES product (id, account_id) ON DELETE CASCADE
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE spc_subscription, spc_violation, spc_step_state, spc_alarm, spc_limit`);
  }
}
