import type { DataSource } from 'typeorm';
import {
  DISTRIBUTION_COLUMN,
  DISTRIBUTION_PLAN,
  SCHEMA_TABLES,
  type TablePlacement,
} from '@sweepline/domain';

interface TableRow {
  name: string;
  has_column: boolean;
  column_not_null: boolean;
}

interface KeyRow {
  table_name: string;
  key_name: string;
  /** The key's columns (an index's key columns; expressions are NULL). */
  columns: (string | null)[];
}

interface ForeignKeyRow {
  table_name: string;
  key_name: string;
  target: string;
  columns: string[];
  target_columns: string[];
}

/** Tables of the public schema; a partition counts as its partitioned table. */
const TABLES = `
  SELECT c.relname AS name, a.attname IS NOT NULL AS has_column, coalesce(a.attnotnull, false) AS column_not_null
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = $1 AND NOT a.attisdropped
   WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition`;

/** Primary keys, unique constraints and unique indexes (partial and expression ones included). */
const UNIQUE_KEYS = `
  SELECT t.relname AS table_name, i.relname AS key_name,
         array(SELECT a.attname::text FROM unnest(x.indkey[0:x.indnkeyatts - 1]) AS k(attnum)
                 LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
    FROM pg_index x
    JOIN pg_class t ON t.oid = x.indrelid AND NOT t.relispartition
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
   WHERE x.indisunique`;

const FOREIGN_KEYS = `
  SELECT t.relname AS table_name, k.conname AS key_name, f.relname AS target,
         array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS c(attnum, i)
                 JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = c.attnum ORDER BY c.i) AS columns,
         array(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS c(attnum, i)
                 JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = c.attnum ORDER BY c.i) AS target_columns
    FROM pg_constraint k
    JOIN pg_class t ON t.oid = k.conrelid AND NOT t.relispartition
    JOIN pg_class f ON f.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
   WHERE k.contype = 'f' AND k.conparentid = 0`;

function placementOf(table: string): TablePlacement | undefined {
  return (Object.keys(DISTRIBUTION_PLAN) as TablePlacement[]).find((p) =>
    (DISTRIBUTION_PLAN[p] as readonly string[]).includes(table),
  );
}

/**
 * Every way the schema breaks the distribution plan (docs/scaling.md), as sentences; none means
 * the schema can be distributed by account_id unchanged. Reads pg_catalog of `db`.
 */
export async function distributionKeyViolations(db: DataSource): Promise<string[]> {
  const col = DISTRIBUTION_COLUMN;
  const tables = (await db.query(TABLES, [col])) as TableRow[];
  const keys = (await db.query(UNIQUE_KEYS)) as KeyRow[];
  const foreignKeys = (await db.query(FOREIGN_KEYS)) as ForeignKeyRow[];
  const found: string[] = [];
  for (const t of tables) {
    const placement = placementOf(t.name);
    if (!placement)
      found.push(`table ${t.name} is neither distributed, reference nor coordinator in the plan`);
    if (placement === 'distributed' && !t.column_not_null)
      found.push(`table ${t.name} has no ${col} NOT NULL`);
  }
  const present = new Set(tables.map((t) => t.name));
  for (const name of SCHEMA_TABLES.filter((n) => !present.has(n)))
    found.push(`table ${name} is in the plan but not in the schema`);
  for (const k of keys) {
    if (placementOf(k.table_name) === 'distributed' && !k.columns.includes(col)) {
      found.push(`unique key ${k.key_name} of ${k.table_name} lacks ${col}`);
    }
  }
  for (const k of foreignKeys) {
    const from = placementOf(k.table_name);
    const to = placementOf(k.target);
    const pairsAccount = k.columns.some((c, i) => c === col && k.target_columns[i] === col);
    if (from === 'distributed' && to === 'distributed' && !pairsAccount) {
      found.push(
        `foreign key ${k.key_name} of ${k.table_name} to ${k.target} does not match ${col} with ${col}`,
      );
    }
    if (from === 'distributed' && to === 'coordinator') {
      found.push(
        `foreign key ${k.key_name}: distributed ${k.table_name} refers to coordinator table ${k.target}`,
      );
    }
    if (from !== 'distributed' && to === 'distributed') {
      found.push(
        `foreign key ${k.key_name}: ${from ?? 'unplaced'} ${k.table_name} refers to distributed ${k.target}`,
      );
    }
    if (from === 'reference' && to === 'coordinator') {
      found.push(
        `foreign key ${k.key_name}: reference ${k.table_name} refers to coordinator table ${k.target}`,
      );
    }
  }
  return found;
}
