import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { BuiltApi } from '@sweepline/testing';

const ROOT = resolve(__dirname, '../../../..');

/**
 * `npm run seed` (docs/seed.md) on the embedded database in the data folder: the demo account. It
 * connects to the cluster of the API running there, or starts the cluster itself when none runs.
 */
export function seedDemo({ dataDir }: Pick<BuiltApi, 'dataDir'>): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, SWEEPLINE_DATA_DIR: dataDir };
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
export async function queryDemo<T>(api: Pick<BuiltApi, 'dataDir'>, sql: string): Promise<T[]> {
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
