import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27 (docs/scaling.md): keys ready for Citus and `run` partitioned by month.
 *
 * Keys: every table distributed by account_id (docs/scaling.md, "Distribution plan") has it in
 * its primary key, its unique keys and its foreign keys to other distributed tables. Primary keys
 * put id first, so the joins and look-ups by id alone keep using them. run_trace gains account_id
 * (taken from its run), so traces can be colocated with their runs.
 *
 * Partitions: `run` becomes a table partitioned by range of start_time, one partition per UTC
 * month (run_yYYYYmMM) and run_default for a run outside every one. The plan of 1763856500000:
 * nothing references run with a foreign key, so the rows are copied into the new table and the old
 * one dropped. The primary key becomes (id, account_id, start_time), the client-id key (account_id,
 * client_run_id, start_time). run keeps one foreign key, to its serial number (whose deletion is
 * refused while it has runs); account, product and test rows are never deleted, and every upload
 * paid a key-share lock on each.
 *
 * run_create_month_partition(month) makes a month's partition, moving in any runs of that month the
 * default partition holds; run_ensure_partitions(n) makes the current month's and the next n
 * months', and those of the runs in the default partition, under an advisory lock, so API
 * instances starting together make each once (database/run-partition-upkeep.ts calls it at start
 * and daily).
 */
export class RunsByMonthAndAccountKeys1763857000000 implements MigrationInterface {
  name = 'RunsByMonthAndAccountKeys1763857000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(DROP_OLD_KEYS);
    await q.query(ACCOUNT_KEYS);
    await q.query(TRACE_ACCOUNTS);
    await q.query(PARTITION_FUNCTIONS);
    await q.query(PARTITIONED_RUN);
    await q.query(COPY_RUNS);
    await q.query(RUN_KEYS);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE serial_number DROP CONSTRAINT serial_number_current_history_fkey;
      ALTER TABLE sn_stage_history DROP CONSTRAINT sn_stage_history_serial_number_id_fkey;
      ALTER TABLE step DROP CONSTRAINT step_seq_id_fkey;
      ALTER TABLE seq DROP CONSTRAINT seq_product_id_fkey;
      ALTER TABLE serial_number DROP CONSTRAINT serial_number_product_id_fkey;

      ALTER TABLE run RENAME TO run_partitioned;
      ALTER SEQUENCE run_id_seq OWNED BY NONE;
      CREATE TABLE run (LIKE run_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
      INSERT INTO run SELECT * FROM run_partitioned;
      DROP TABLE run_partitioned;
      ALTER SEQUENCE run_id_seq OWNED BY run.id;
      DROP FUNCTION run_ensure_partitions(integer);
      DROP FUNCTION run_create_month_partition(date);
      ALTER TABLE run ADD PRIMARY KEY (id),
        ADD FOREIGN KEY (account_id) REFERENCES account(id),
        ADD FOREIGN KEY (product_id) REFERENCES product(id),
        ADD FOREIGN KEY (seq_id) REFERENCES seq(id),
        ADD FOREIGN KEY (serial_number_id) REFERENCES serial_number(id);
      CREATE UNIQUE INDEX run_client_run_id_key ON run (account_id, client_run_id);
      CREATE INDEX run_account_seq_time_idx ON run (account_id, seq_id, start_time)
        INCLUDE (result, is_first, serial_number_id);
      CREATE INDEX run_created_at_idx ON run (created_at) INCLUDE (account_id, product_id, seq_id, result);
      CREATE INDEX run_sn_seq_time_idx ON run (serial_number_id, seq_id, start_time);
      CREATE TRIGGER run_unit_day_rollup AFTER INSERT ON run REFERENCING NEW TABLE AS new_runs
        FOR EACH STATEMENT EXECUTE FUNCTION run_unit_day_rollup();

      ALTER TABLE run_trace DROP CONSTRAINT run_trace_pkey, DROP COLUMN account_id, ADD PRIMARY KEY (run_id, step_index);
      DROP INDEX attachment_file_key;
      CREATE UNIQUE INDEX attachment_file_key ON attachment (run_id, step_index, kind, file_name);
      DROP INDEX sn_stage_history_run_key;
      CREATE UNIQUE INDEX sn_stage_history_run_key ON sn_stage_history (run_id) WHERE run_id IS NOT NULL;
      ALTER TABLE serial_number DROP CONSTRAINT serial_number_product_sn_key,
        ADD CONSTRAINT serial_number_product_sn_key UNIQUE (product_id, sn);
      DROP INDEX seq_name_key;
      CREATE UNIQUE INDEX seq_name_key ON seq (product_id, lower(name));
      ALTER TABLE attachment DROP CONSTRAINT attachment_pkey, ADD PRIMARY KEY (id);
      ALTER TABLE sn_stage_history DROP CONSTRAINT sn_stage_history_pkey, ADD PRIMARY KEY (id);
      ALTER TABLE serial_number DROP CONSTRAINT serial_number_pkey, ADD PRIMARY KEY (id);
      ALTER TABLE step DROP CONSTRAINT step_pkey, ADD PRIMARY KEY (id);
      ALTER TABLE seq DROP CONSTRAINT seq_pkey, ADD PRIMARY KEY (id);
      ALTER TABLE product DROP CONSTRAINT product_pkey, ADD PRIMARY KEY (id);

      ALTER TABLE seq ADD FOREIGN KEY (product_id) REFERENCES product(id);
      ALTER TABLE serial_number ADD FOREIGN KEY (product_id) REFERENCES product(id);
      ALTER TABLE step ADD FOREIGN KEY (seq_id) REFERENCES seq(id) ON DELETE CASCADE;
      ALTER TABLE sn_stage_history ADD FOREIGN KEY (serial_number_id) REFERENCES serial_number(id) ON DELETE CASCADE;
      ALTER TABLE serial_number ADD CONSTRAINT serial_number_current_history_fkey
        FOREIGN KEY (current_history_id) REFERENCES sn_stage_history(id) DEFERRABLE INITIALLY DEFERRED;
    `);
  }
}

/** The foreign keys between customer tables, by id alone; run's go with its old table. */
const DROP_OLD_KEYS = `
  ALTER TABLE serial_number DROP CONSTRAINT serial_number_current_history_fkey;
  ALTER TABLE sn_stage_history DROP CONSTRAINT sn_stage_history_serial_number_id_fkey;
  ALTER TABLE step DROP CONSTRAINT step_seq_id_fkey;
  ALTER TABLE seq DROP CONSTRAINT seq_product_id_fkey;
  ALTER TABLE serial_number DROP CONSTRAINT serial_number_product_id_fkey;
  ALTER TABLE run DROP CONSTRAINT run_product_id_fkey, DROP CONSTRAINT run_seq_id_fkey,
    DROP CONSTRAINT run_serial_number_id_fkey, DROP CONSTRAINT run_account_id_fkey;`;

const ACCOUNT_KEYS = `
  ALTER TABLE product DROP CONSTRAINT product_pkey, ADD PRIMARY KEY (id, account_id);
  ALTER TABLE seq DROP CONSTRAINT seq_pkey, ADD PRIMARY KEY (id, account_id);
  ALTER TABLE step DROP CONSTRAINT step_pkey, ADD PRIMARY KEY (id, account_id);
  ALTER TABLE serial_number DROP CONSTRAINT serial_number_pkey, ADD PRIMARY KEY (id, account_id);
  ALTER TABLE sn_stage_history DROP CONSTRAINT sn_stage_history_pkey, ADD PRIMARY KEY (id, account_id);
  ALTER TABLE attachment DROP CONSTRAINT attachment_pkey, ADD PRIMARY KEY (id, account_id);

  DROP INDEX seq_name_key;
  CREATE UNIQUE INDEX seq_name_key ON seq (product_id, lower(name), account_id);
  ALTER TABLE serial_number DROP CONSTRAINT serial_number_product_sn_key,
    ADD CONSTRAINT serial_number_product_sn_key UNIQUE (product_id, sn, account_id);
  DROP INDEX sn_stage_history_run_key;
  CREATE UNIQUE INDEX sn_stage_history_run_key ON sn_stage_history (run_id, account_id) WHERE run_id IS NOT NULL;
  DROP INDEX attachment_file_key;
  CREATE UNIQUE INDEX attachment_file_key ON attachment (run_id, step_index, kind, file_name, account_id);

  ALTER TABLE seq ADD CONSTRAINT seq_product_id_fkey
    FOREIGN KEY (product_id, account_id) REFERENCES product (id, account_id);
  ALTER TABLE serial_number ADD CONSTRAINT serial_number_product_id_fkey
    FOREIGN KEY (product_id, account_id) REFERENCES product (id, account_id);
  ALTER TABLE step ADD CONSTRAINT step_seq_id_fkey
    FOREIGN KEY (seq_id, account_id) REFERENCES seq (id, account_id) ON DELETE CASCADE;
  ALTER TABLE sn_stage_history ADD CONSTRAINT sn_stage_history_serial_number_id_fkey
    FOREIGN KEY (serial_number_id, account_id) REFERENCES serial_number (id, account_id) ON DELETE CASCADE;
  ALTER TABLE serial_number ADD CONSTRAINT serial_number_current_history_fkey
    FOREIGN KEY (current_history_id, account_id) REFERENCES sn_stage_history (id, account_id)
    DEFERRABLE INITIALLY DEFERRED;`;

/**
 * A trace's account is its run's. Every trace has its run (the upload writes both at once); a
 * trace without one would stop the migration at SET NOT NULL rather than be lost.
 */
const TRACE_ACCOUNTS = `
  ALTER TABLE run_trace ADD COLUMN account_id integer;
  UPDATE run_trace t SET account_id = r.account_id FROM run r WHERE r.id = t.run_id;
  ALTER TABLE run_trace ALTER COLUMN account_id SET NOT NULL,
    DROP CONSTRAINT run_trace_pkey, ADD PRIMARY KEY (run_id, step_index, account_id);`;

const PARTITION_FUNCTIONS = `
  CREATE FUNCTION run_create_month_partition(month date) RETURNS boolean LANGUAGE plpgsql AS $$
  DECLARE
    first_day date := date_trunc('month', month)::date;
    starts timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
    ends timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    name text := to_char(first_day, '"run_y"YYYY"m"MM');
  BEGIN
    IF to_regclass(name) IS NOT NULL THEN RETURN false; END IF;
    EXECUTE format('CREATE TABLE %I (LIKE run INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
    -- the month's runs stored in the default partition so far move in, or attaching would fail
    EXECUTE format('WITH moved AS (DELETE FROM run_default WHERE start_time >= $1 AND start_time < $2 RETURNING *)
                    INSERT INTO %I SELECT * FROM moved', name) USING starts, ends;
    EXECUTE format('ALTER TABLE run ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, starts, ends);
    RETURN true;
  END $$;

  CREATE FUNCTION run_ensure_partitions(months_ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
  DECLARE
    this_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
    stray date;
    made integer := 0;
  BEGIN
    -- API instances starting together take turns; the later ones find the partitions made
    PERFORM pg_advisory_xact_lock(7215461002);
    FOR i IN 0..months_ahead LOOP
      IF run_create_month_partition((this_month + make_interval(months => i))::date) THEN made := made + 1; END IF;
    END LOOP;
    -- runs stored in the default partition (a late upload, a restored backup) get their month's
    FOR stray IN SELECT DISTINCT date_trunc('month', start_time AT TIME ZONE 'UTC')::date FROM run_default LOOP
      IF run_create_month_partition(stray) THEN made := made + 1; END IF;
    END LOOP;
    RETURN made;
  END $$;`;

/** The new run, with the old one's columns in the same order, and its default partition. */
const PARTITIONED_RUN = `
  DROP TRIGGER run_unit_day_rollup ON run;
  ALTER TABLE run RENAME TO run_unpartitioned;
  ALTER TABLE run_unpartitioned DROP CONSTRAINT run_pkey;
  DROP INDEX run_client_run_id_key, run_account_seq_time_idx, run_created_at_idx, run_sn_seq_time_idx;
  ALTER SEQUENCE run_id_seq OWNED BY NONE;
  CREATE TABLE run (
    id bigint NOT NULL DEFAULT nextval('run_id_seq'),
    account_id integer NOT NULL,
    product_id integer NOT NULL,
    seq_id integer NOT NULL,
    serial_number_id integer NOT NULL,
    sn text NOT NULL,
    sn_stage_history_id integer NOT NULL,
    run_no integer NOT NULL CHECK (run_no >= 1),
    client_run_id text NOT NULL,
    seq_version integer NOT NULL,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    result smallint NOT NULL CHECK (result IN (1, 0, -1)),
    user_id integer,
    user_name text NOT NULL,
    steps jsonb NOT NULL,
    is_first boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_time >= start_time)
  ) PARTITION BY RANGE (start_time);
  ALTER SEQUENCE run_id_seq OWNED BY run.id;
  CREATE TABLE run_default PARTITION OF run DEFAULT;`;

/**
 * Every month holding runs gets its partition, then the current and the next three; the rows
 * are copied before the indexes exist (one sort per index instead of a descent per row).
 */
const COPY_RUNS = `
  SELECT run_create_month_partition(m::date)
    FROM (SELECT DISTINCT date_trunc('month', start_time AT TIME ZONE 'UTC') AS m FROM run_unpartitioned) months
   ORDER BY 1;
  SELECT run_ensure_partitions(3);
  INSERT INTO run SELECT * FROM run_unpartitioned;
  DROP TABLE run_unpartitioned;`;

const RUN_KEYS = `
  ALTER TABLE run ADD PRIMARY KEY (id, account_id, start_time),
    ADD CONSTRAINT run_serial_number_id_fkey
      FOREIGN KEY (serial_number_id, account_id) REFERENCES serial_number (id, account_id);
  CREATE UNIQUE INDEX run_client_run_id_key ON run (account_id, client_run_id, start_time);
  CREATE INDEX run_account_seq_time_idx ON run (account_id, seq_id, start_time)
    INCLUDE (result, is_first, serial_number_id);
  CREATE INDEX run_created_at_idx ON run (created_at) INCLUDE (account_id, product_id, seq_id, result);
  CREATE INDEX run_sn_seq_time_idx ON run (serial_number_id, seq_id, start_time);
  CREATE TRIGGER run_unit_day_rollup AFTER INSERT ON run REFERENCING NEW TABLE AS new_runs
    FOR EACH STATEMENT EXECUTE FUNCTION run_unit_day_rollup();
  ANALYZE run;`;
