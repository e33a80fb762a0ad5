import { SCHEMA_TABLES } from '@sweepline/domain';
import type { Client } from 'pg';
import { SeedError } from './connect';

/**
 * The seed never creates or changes the schema (only the API's migrations do): it refuses a
 * database the API has not migrated (one of the schema's tables is missing), so it cannot write
 * into a half-made, older or foreign schema.
 */
export async function assertSchema(db: Client, label: string): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT t AS name FROM unnest($1::text[]) AS t WHERE to_regclass('public.' || t) IS NULL`,
    [SCHEMA_TABLES],
  );
  if (rows.length > 0) {
    throw new SeedError(
      `${label} has no Sweepline schema, or an older one (missing: ${rows.map((r) => r.name).join(', ')}): start the ` +
        'API once on it (npm start) so that it applies its migrations, then run npm run seed again.',
    );
  }
}
