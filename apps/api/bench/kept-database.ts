/**
 * The API's benches on a kept seeded database (BENCH_DATABASE, e.g. the `--seed-only` database of
 * reports.bench.ts), some beside a copy of it where a migration is undone: connections to either,
 * the copy made once, and a backend's time on the CPU.
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';

const SERVER = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A connection to `database` on the bench's server. */
export async function connectTo(database: string): Promise<Client> {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  return db;
}

/** `copy` of `database`, made once, with `undo` (a migration's down) run on it. */
export async function ensureCopy(
  database: string,
  copy: string,
  undo: (q: { query: (sql: string) => Promise<unknown> }) => Promise<void>,
): Promise<void> {
  const server = await connectTo(new URL(SERVER).pathname.slice(1) || 'postgres');
  try {
    const exists = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [copy]);
    if (exists.rowCount) return;
    console.log(`copying ${database} to ${copy}…`);
    await server.query(`CREATE DATABASE ${copy} TEMPLATE ${database}`);
  } finally {
    await server.end();
  }
  const db = await connectTo(copy);
  try {
    await undo({ query: (sql: string) => db.query(sql) });
  } finally {
    await db.end();
  }
}

/** The time backend `pid` has spent on the CPU, in nanoseconds (/proc/<pid>/schedstat: finer than /proc's ticks). */
export const backendCpuNs = (pid: number): number =>
  Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
