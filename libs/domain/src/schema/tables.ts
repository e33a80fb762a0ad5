/**
 * Every table of the API's schema, by how it would be placed on a Citus cluster (docs/scaling.md,
 * "Distribution plan"). The API's key-rule test (distribution-keys.int-spec.ts) reads pg_catalog
 * and fails on a table missing here or named here and missing there, so a migration that adds a
 * table must place it, and on any key that breaks the placing's rule. The seed (tools/seed) refuses
 * a database that lacks one of them: the API has not migrated it.
 */
export const DISTRIBUTION_PLAN = {
  /**
   * Customer data, distributed by account_id and colocated: each carries account_id (NOT NULL),
   * and its primary key, unique keys and foreign keys to other distributed tables include it.
   */
  distributed: [
    'product',
    'seq',
    'step',
    'serial_number',
    'sn_stage_history',
    'run',
    'run_trace',
    'run_client_id',
    'attachment',
    'run_unit_day',
    'run_step_value',
    'run_step_value_queue',
    'run_failure',
    'run_unit_test',
    'run_test_day',
    'run_test_slot',
    'run_product_slot',
    'run_step_slot',
    'run_step_slot_bin',
    'run_step_slot_pending',
    'run_failure_slot',
    'run_failure_day',
    'run_version_day',
    'run_step_day',
    'station',
    'station_unit',
    'seq_release',
    'audit_event',
    'audit_head',
    'instrument',
    'instrument_certificate',
    'calibration_record',
    'run_origin_set',
    'spc_limit',
    'spc_step_state',
    'spc_alarm',
    'spc_violation',
    'spc_subscription',
  ],
  /**
   * Small, read everywhere, written rarely: a copy on every node, joinable with any shard. The
   * accounts themselves, their users (looked up by e-mail before the account is known), settings.
   */
  reference: ['account', 'app_user', 'app_setting', 'run_step_day_closure', 'run_step_slot_closure'],
  /**
   * Read by a secret before any account is known, or not customer data, and written often:
   * tables of the coordinator alone (Citus local tables, which may refer to reference tables).
   */
  coordinator: [
    'session',
    'verification_code',
    'api_token',
    'captcha_used',
    'rate_limit',
    'trial_storage',
    'migrations',
  ],
} as const;

export type TablePlacement = keyof typeof DISTRIBUTION_PLAN;

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = 'account_id';

/** The schema's tables, each once. */
export const SCHEMA_TABLES: readonly string[] = Object.values(DISTRIBUTION_PLAN).flat();
