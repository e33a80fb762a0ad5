import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { RunningApi } from './api-server';

const ROOT = resolve(__dirname, '../../../..');

/** `npm run seed` (docs/seed.md) on the running API's embedded database: the demo account. */
export function seedDemo(api: RunningApi): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, SWEEPLINE_DATA_DIR: api.dataDir };
  delete env.DATABASE_URL;
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['tools/seed/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`The seed failed (${code}):\n${output}`)),
    ),
  );
}

/** A query on the running API's embedded database (port in postmaster.pid, docs/seed.md). */
export async function queryDemo<T>(api: RunningApi, sql: string): Promise<T[]> {
  const dataDir = api.dataDir;
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const port = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}
