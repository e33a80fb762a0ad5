import { Client } from 'pg';
import { SeedError } from './connect';

/** The tables the seed writes; all exist once the API has applied its migrations. */
const TABLES = [
  'account',
  'app_user',
  'product',
  'seq',
  'step',
  'serial_number',
  'sn_stage_history',
  'run',
  'run_trace',
] as const;

/**
 * The seed never creates or changes the schema (only the API's migrations do): it refuses a
 * database the API has not migrated, so it cannot write into a half-made or foreign schema.
 */
export async function assertSchema(db: Client, label: string): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT t AS name FROM unnest($1::text[]) AS t WHERE to_regclass('public.' || t) IS NULL`,
    [TABLES],
  );
  if (rows.length > 0) {
    throw new SeedError(
      `${label} has no Sweepline schema (missing: ${rows.map((r) => r.name).join(', ')}): start the ` +
        'API once on it (npm start) so that it applies its migrations, then run npm run seed again.',
    );
  }
}
