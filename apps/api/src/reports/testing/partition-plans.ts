/**
 * Helpers of the partition-pruning specs (not part of the build): a repository's SQL captured as
 * it is sent, and the run partitions its EXPLAIN plan reads.
 */
import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '../../../test/test-app';
import type { DbTarget } from '../../../test/targets';
import type { ReadDb } from '../../database/read-db';
import { reportRange, type ReportRange } from '../report-range';

export const DAY_MS = 86_400_000;

/** The SQL and parameters a repository method sends, to EXPLAIN them as they are. */
export function capturing(): { db: ReadDb; last: () => { sql: string; params: unknown[] } } {
  let seen: { sql: string; params: unknown[] } | undefined;
  const see = (sql: string, params: readonly unknown[] = []) => {
    seen = { sql, params: [...params] };
    return Promise.resolve([]);
  };
  const db = { query: see, copyRows: see } as unknown as ReadDb;
  return { db, last: () => seen! };
}

/** Every table or partition the plan reads. */
function relationsOf(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) plan.forEach((p) => relationsOf(p, into));
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else relationsOf(value, into);
    }
  }
  return into;
}

/** Every table or partition a statement's plan reads (its 'Relation Name's), sorted. */
export async function relationsRead(db: DataSource, sql: string, params: unknown[]): Promise<string[]> {
  const [row] = (await db.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as { 'QUERY PLAN': unknown }[];
  return [...relationsOf(row!['QUERY PLAN'])].sort();
}

/**
 * The partitions (monthly and default) of `table` a statement's plan touches: run, or a table
 * partitioned by month as run is (run_step_value).
 */
export async function runPartitionsRead(
  db: DataSource,
  sql: string,
  params: unknown[],
  table = 'run',
): Promise<string[]> {
  const partition = new RegExp(`^${table}_(y\\d{4}m\\d{2}|default)$`);
  return (await relationsRead(db, sql, params)).filter((name) => partition.test(name));
}

/** The monthly partitions a range of instants overlaps. */
export function monthsOf(fromMs: number, toMs: number): string[] {
  const names = new Set<string>();
  for (let t = fromMs; t <= toMs + DAY_MS; t += DAY_MS) {
    const d = new Date(Math.min(t, toMs));
    names.add(`run_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return [...names].sort();
}

/**
 * 90 days ending 40 days ago, at zone offset +5.5 (local days reach into the UTC day before), and
 * the monthly partitions it overlaps.
 */
export function ninetyDaysAgo(): { range: ReportRange; inRange: string[] } {
  const stop = Date.now() - 40 * DAY_MS;
  const range = reportRange({
    start_time: String(stop - 89 * DAY_MS),
    stop_time: String(stop),
    zone_offset: '5.5',
  });
  return { range, inRange: monthsOf(Date.parse(range.from), Date.parse(range.until) - 1) };
}

/**
 * A test database made before the describe's specs and dropped after, with a year of monthly
 * partitions before this month's; call the answer inside a spec to get it.
 */
export function partitionedDatabase(target: DbTarget): () => DataSource {
  let url: string;
  let db: DataSource;
  beforeAll(async () => {
    url = await createTestDatabase(target);
    db = new DataSource({ type: 'postgres', url });
    await db.initialize();
    await db.query(`SELECT run_create_month_partition((date_trunc('month', now()) - make_interval(months => i))::date)
                      FROM generate_series(1, 12) i`);
  });
  afterAll(async () => {
    await db?.destroy();
    await dropTestDatabase(target, url);
  });
  return () => db;
}
