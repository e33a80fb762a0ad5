import type { Client } from 'pg';

/**
 * The tables the seed writes, and those that triggers on them fill (the API's roll-ups, such as
 * run_unit_day and run_test_day): every table with an account_id but the account's own few rows.
 */
export async function seededTables(db: Client): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT table_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'account_id'
        AND table_name NOT IN ('account', 'app_user', 'api_token', 'product', 'seq', 'step', 'attachment')`,
  );
  return [...new Set(['run_trace', ...rows.map((r) => r.name)])]
    .sort()
    .map((name) => `"${name}"`)
    .join(', ');
}
