/**
 * `sweepline sn import` of 100,000 serial numbers (issue 15: under 30 s on this machine against
 * the PostgreSQL server): the built program as a subprocess, the built API as another, on a new
 * database of the server. Also the second run of the same file, which must add nothing. Prints
 * the figures for docs/performance.md. `npm run bench -- cli [--count=N]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { API_TOKEN_PREFIX, hashToken, newToken } from '@sweepline/testing';
import type { RunningApi } from './lib/api-process';
import { buildApi, ROOT, startApi } from './lib/api-process';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';

const COUNT = Number(process.argv.find((a) => a.startsWith('--count='))?.split('=')[1] ?? 100_000);
const SERVER = process.env['DATABASE_URL'] ?? DEFAULT_SERVER_URL;
const DB = 'sweepline_cli_bench';
const CLI = join(ROOT, 'apps/cli/dist/main.js');

/** An account with an editor API token, straight in the database (the sign-up has its own tests). */
async function apiToken(url: string): Promise<string> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const {
      rows: [account],
    } = await db.query<{ id: number }>(
      `INSERT INTO account (name, is_active) VALUES ('CLI bench', true) RETURNING id`,
    );
    const {
      rows: [user],
    } = await db.query<{ id: number }>(
      `INSERT INTO app_user (account_id, email, name, role, is_active) VALUES ($1, 'bench@example.com', 'Bench', 0, true) RETURNING id`,
      [account!.id],
    );
    const token = newToken(API_TOKEN_PREFIX);
    await db.query(
      `INSERT INTO api_token (account_id, name, role, token_hash, created_by) VALUES ($1, 'bench', 1, $2, $3)`,
      [account!.id, hashToken(token), user!.id],
    );
    return token;
  } finally {
    await db.end();
  }
}

function importOnce(
  env: NodeJS.ProcessEnv,
  file: string,
): Promise<{ ms: number; stderr: string; code: number | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'sn', 'import', '--product', 'Bench', file], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) =>
    child.on('close', (code) => done({ ms: performance.now() - started, stderr, code })),
  );
}

async function main(): Promise<void> {
  buildApi();
  spawnSync(process.execPath, [join(ROOT, 'apps/cli/tools/bundle.mjs')], { stdio: 'inherit' });
  const url = await createDatabase(SERVER, DB);
  let api: RunningApi | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-cli-bench-'));
  try {
    api = await startApi(url);
    const server = api.baseUrl.replace(/\/webcyc\/api$/, '');
    const token = await apiToken(url);
    const made = await fetch(`${api.baseUrl}/product`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Bench', model: '', info: '' }),
    });
    if (!made.ok) throw new Error(`POST /product answered ${made.status}`);
    const file = join(dir, 'serials.txt');
    writeFileSync(
      file,
      `${Array.from({ length: COUNT }, (_, i) => `BENCH-${String(i + 1).padStart(6, '0')}`).join('\n')}\n`,
    );
    const env = {
      PATH: process.env['PATH'],
      HOME: dir,
      SWEEPLINE_SERVER: server,
      SWEEPLINE_TOKEN: token,
      SWEEPLINE_CONFIG_DIR: dir,
    };
    const first = await importOnce(env, file);
    if (first.code !== 0) throw new Error(`The import failed (${first.code}): ${first.stderr}`);
    const second = await importOnce(env, file);
    if (!second.stderr.includes(`added 0, already present ${COUNT}`))
      throw new Error(`The second run added: ${second.stderr}`);
    console.log(
      `sn import of ${COUNT} serial numbers (${Math.ceil(COUNT / 1000)} calls of up to 1000), PostgreSQL server:`,
    );
    console.log(
      `  first run:  ${(first.ms / 1000).toFixed(1)} s (${Math.round(COUNT / (first.ms / 1000))} serial numbers/s), target < 30 s`,
    );
    console.log(
      `  second run: ${(second.ms / 1000).toFixed(1)} s (all ${COUNT} already present, nothing added)`,
    );
    console.log(`  ${first.stderr.trim()}`);
  } finally {
    await api?.stop();
    await dropDatabase(SERVER, DB);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
