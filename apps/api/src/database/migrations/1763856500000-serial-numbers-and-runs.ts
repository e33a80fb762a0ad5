import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Serial numbers, their stage history, runs, traces and attachments (issue 5; docs/api/runs.md,
 * "Schema", says why each column and index is there).
 *
 * `run` grows by millions of rows. Nothing references it with a foreign key (run_trace,
 * attachment and sn_stage_history.run_id carry plain ids), and its own foreign keys point only at
 * rows that are never deleted (soft-deleted products and tests, accounts) or whose deletion is
 * refused while they have runs (serial numbers), so `run` can later be partitioned by start_time:
 * its primary key becomes (id, start_time) and the client-id key (account_id, client_run_id,
 * start_time).
 */
export class SerialNumbersAndRuns1763856500000 implements MigrationInterface {
  name = 'SerialNumbersAndRuns1763856500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE serial_number (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        product_id integer NOT NULL REFERENCES product(id),
        -- case-sensitive, as typed or scanned (docs/domain.md)
        sn text NOT NULL,
        -- the latest stage-history entry; NULL while the product had no tests to place it in
        current_history_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by_name text NOT NULL,
        CONSTRAINT serial_number_product_sn_key UNIQUE (product_id, sn)
      );
      -- look-ups by serial number alone (jump without product_id, GET /report/sn)
      CREATE INDEX serial_number_account_sn_idx ON serial_number (account_id, sn);

      CREATE TABLE sn_stage_history (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        serial_number_id integer NOT NULL REFERENCES serial_number(id) ON DELETE CASCADE,
        -- NULL: finished, after the last stage
        stage_no smallint CHECK (stage_no BETWEEN 1 AND 99),
        reason text NOT NULL CHECK (reason IN ('add', 'advance', 'jump')),
        -- the run whose pass made an 'advance' entry: a repeated upload answers from it
        run_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by_name text NOT NULL,
        CHECK ((reason = 'advance') = (run_id IS NOT NULL)),
        CHECK (stage_no IS NOT NULL OR reason = 'advance')
      );
      CREATE INDEX sn_stage_history_sn_idx ON sn_stage_history (serial_number_id, id);
      CREATE UNIQUE INDEX sn_stage_history_run_key ON sn_stage_history (run_id) WHERE run_id IS NOT NULL;

      ALTER TABLE serial_number ADD CONSTRAINT serial_number_current_history_fkey
        FOREIGN KEY (current_history_id) REFERENCES sn_stage_history(id) DEFERRABLE INITIALLY DEFERRED;

      CREATE TABLE run (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        product_id integer NOT NULL REFERENCES product(id),
        seq_id integer NOT NULL REFERENCES seq(id),
        serial_number_id integer NOT NULL REFERENCES serial_number(id),
        sn text NOT NULL,
        -- the stage visit the run belongs to (no foreign key: see above)
        sn_stage_history_id integer NOT NULL,
        run_no integer NOT NULL CHECK (run_no >= 1),
        client_run_id text NOT NULL,
        seq_version integer NOT NULL,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        result smallint NOT NULL CHECK (result IN (1, 0, -1)),
        -- NULL for runs uploaded with an API token (no person); user_name is then 'token {name}'
        user_id integer,
        user_name text NOT NULL,
        -- the step results: [{title, isHeader, lower, upper, value, unit, result}]
        steps jsonb NOT NULL,
        -- the serial number's first run of this test ever (first-time pass yield)
        is_first boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_time >= start_time)
      );
      CREATE UNIQUE INDEX run_client_run_id_key ON run (account_id, client_run_id);
      CREATE INDEX run_account_seq_time_idx ON run (account_id, seq_id, start_time);
      CREATE INDEX run_account_product_time_idx ON run (account_id, product_id, start_time);
      CREATE INDEX run_sn_seq_time_idx ON run (serial_number_id, seq_id, start_time);

      CREATE TABLE run_trace (
        run_id bigint NOT NULL,
        step_index integer NOT NULL CHECK (step_index >= 0),
        -- little-endian float32 arrays of equal length, at most 20,001 points
        freqs_mhz bytea NOT NULL,
        vals bytea NOT NULL,
        PRIMARY KEY (run_id, step_index),
        CHECK (octet_length(freqs_mhz) = octet_length(vals)),
        CHECK (octet_length(freqs_mhz) BETWEEN 4 AND 80004 AND octet_length(freqs_mhz) % 4 = 0)
      );

      CREATE TABLE attachment (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        run_id bigint NOT NULL,
        step_index integer NOT NULL CHECK (step_index >= 0),
        kind text NOT NULL CHECK (kind IN ('screenshot', 'snp')),
        file_name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size BETWEEN 1 AND 5242880),
        -- the bytes, with the database storage; NULL when another FileStorage holds them
        data bytea,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- one file of a name per step and kind: a repeated upload answers the stored one
      CREATE UNIQUE INDEX attachment_file_key ON attachment (run_id, step_index, kind, file_name);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE attachment; DROP TABLE run_trace; DROP TABLE run;
      ALTER TABLE serial_number DROP CONSTRAINT serial_number_current_history_fkey;
      DROP TABLE sn_stage_history; DROP TABLE serial_number;
    `);
  }
}
