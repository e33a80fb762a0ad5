import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts, users, sessions and the test editor. Every customer row carries account_id so that
 * each query can be scoped to the caller's account (docs/requirements/storage.md#accounts-scope-everything).
 */
export class IdentityAndEditor1763856000000 implements MigrationInterface {
  name = 'IdentityAndEditor1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_setting (
        key text PRIMARY KEY,
        value text NOT NULL
      );
      CREATE TABLE account (
        id serial PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        is_active boolean NOT NULL DEFAULT false
      );
      CREATE TABLE app_user (
        id serial PRIMARY KEY,
        account_id integer REFERENCES account(id),
        email text NOT NULL,
        name text NOT NULL,
        role smallint NOT NULL CHECK (role IN (-1, 0, 1, 2)),
        password_hash text,
        is_active boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      -- one live user per e-mail address, compared without case
      CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email)) WHERE deleted_at IS NULL;
      CREATE INDEX app_user_account_idx ON app_user (account_id);

      CREATE TABLE session (
        id bigserial PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        user_id integer REFERENCES app_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        verified_until timestamptz
      );
      CREATE INDEX session_expires_idx ON session (expires_at);

      CREATE TABLE verification_code (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('activate', 'reset')),
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX verification_code_user_idx ON verification_code (user_id, purpose);

      CREATE TABLE captcha_used (
        challenge text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );

      CREATE TABLE rate_limit (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (key, window_start)
      );

      CREATE TABLE api_token (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        name text NOT NULL,
        role smallint NOT NULL CHECK (role IN (1, 2)),
        token_hash text NOT NULL UNIQUE,
        created_by integer NOT NULL REFERENCES app_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX api_token_account_idx ON api_token (account_id);

      CREATE TABLE product (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        name text NOT NULL,
        model text NOT NULL DEFAULT '',
        info text NOT NULL DEFAULT '',
        create_user_name text NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_user_name text NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      -- names are unique per account among live and deleted products alike: adding a deleted
      -- product's name restores it (docs/requirements/storage.md#soft-delete)
      CREATE UNIQUE INDEX product_name_key ON product (account_id, lower(name));

      CREATE TABLE seq (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        product_id integer NOT NULL REFERENCES product(id),
        name text NOT NULL,
        stage_no smallint NOT NULL CHECK (stage_no BETWEEN 1 AND 99),
        test_no smallint NOT NULL CHECK (test_no BETWEEN 1 AND 99),
        is_completed boolean NOT NULL DEFAULT false,
        cals jsonb NOT NULL DEFAULT '[]',
        version integer NOT NULL DEFAULT 1,
        create_user_name text NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_user_name text NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      CREATE UNIQUE INDEX seq_name_key ON seq (product_id, lower(name));
      CREATE INDEX seq_account_idx ON seq (account_id);

      CREATE TABLE step (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES account(id),
        seq_id integer NOT NULL REFERENCES seq(id) ON DELETE CASCADE,
        position integer NOT NULL,
        name text NOT NULL,
        is_default_name boolean NOT NULL,
        instrument_id smallint NOT NULL,
        action_id smallint NOT NULL,
        param jsonb NOT NULL,
        is_completed boolean NOT NULL DEFAULT false,
        errors jsonb NOT NULL DEFAULT '[]'
      );
      CREATE INDEX step_seq_idx ON step (seq_id, position);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE step; DROP TABLE seq; DROP TABLE product; DROP TABLE api_token; DROP TABLE rate_limit;
      DROP TABLE captcha_used; DROP TABLE verification_code; DROP TABLE session; DROP TABLE app_user;
      DROP TABLE account; DROP TABLE app_setting;
    `);
  }
}
