import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail (issue 39, docs/audit.md): one append-only row per change, chained per account
 * by SHA-256 over the previous row's hash and the row's content. audit_head holds each account's
 * last hash; locking its row (an upsert) serializes the account's appends, which locking the
 * last audit row would not (two appends would both read the same last row).
 *
 * No call updates or deletes a row: a trigger refuses it. The one deliberate exception is erasing
 * a whole account (the seed replacing its demo account): the session names the account in
 * `sweepline.audit_erase_account` first, and only that account's rows may go.
 */
export class AuditTrail1763858600000 implements MigrationInterface {
  name = 'AuditTrail1763858600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_event (
        account_id integer NOT NULL REFERENCES account(id),
        id bigserial NOT NULL,
        -- set by the API to the millisecond, so its ISO text hashes alike when read back
        at timestamptz NOT NULL,
        -- no foreign key: the trail outlives what it names; null for an API token
        user_id integer,
        user_name text NOT NULL,
        thing text NOT NULL,
        thing_id text NOT NULL,
        product_id integer,
        seq_id integer,
        action text NOT NULL,
        changes jsonb NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL,
        PRIMARY KEY (account_id, id)
      );
      -- History's filters, newest first (the primary key serves the unfiltered list and the chain)
      CREATE INDEX audit_event_seq_idx ON audit_event (account_id, seq_id, id) WHERE seq_id IS NOT NULL;
      CREATE INDEX audit_event_product_idx ON audit_event (account_id, product_id, id) WHERE product_id IS NOT NULL;

      CREATE TABLE audit_head (
        account_id integer PRIMARY KEY REFERENCES account(id),
        -- the hash of the account's last row, and of the one before it (the last row's prev_hash)
        last_hash text NOT NULL,
        prev_hash text NOT NULL
      );

      CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE'
           AND current_setting('sweepline.audit_erase_account', true) = OLD.account_id::text THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'The audit trail is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event
        FOR EACH ROW EXECUTE FUNCTION audit_event_append_only();
      CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
        FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE audit_event;
      DROP TABLE audit_head;
      DROP FUNCTION audit_event_append_only();
    `);
  }
}
