import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');

export interface RunningApi {
  /** http://127.0.0.1:port, what --server takes. */
  url: string;
  outboxDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/webcyc/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The API did not answer within 90 s:\n${log()}`);
}

/**
 * The built API as `npm start` runs it, on the embedded PostgreSQL in a fresh data folder (or on
 * `databaseUrl`): mails land in its outbox, the proof of work is kept small. Built first if missing.
 */
export async function startApi(databaseUrl?: string): Promise<RunningApi> {
  if (!existsSync(API_MAIN)) {
    spawnSync('npx', ['nx', 'run', '@sweepline/api:build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-cli-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    SWEEPLINE_DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER: '2000',
    LOG_LEVEL: 'warn',
  };
  delete env['SMTP_URL'];
  if (databaseUrl) env['DATABASE_URL'] = databaseUrl;
  else delete env['DATABASE_URL'];
  const child = spawn(process.execPath, [API_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, outboxDir: join(dataDir, 'outbox'), stop };
}

/** The newest link to `pathname` in a mail to `to` in the outbox, waiting up to 10 s for it. */
export async function mailedLink(outboxDir: string, to: string, pathname: string): Promise<URL> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = existsSync(outboxDir) ? readdirSync(outboxDir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const raw = readFileSync(join(outboxDir, file), 'utf8');
      if (!raw.includes(to)) continue;
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = text
        .match(/https?:\/\/[^\s"<>]+/g)
        ?.map((l) => new URL(l))
        .find((l) => l.pathname === pathname);
      if (link) return link;
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`No mail to ${to} with a ${pathname} link in ${outboxDir}`);
}
