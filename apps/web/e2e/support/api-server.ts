import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

export interface RunningApi {
  url: string;
  outboxDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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
 * The built API serving the built web app, as `npm start` runs it, on the embedded PostgreSQL in
 * a fresh data folder: mails land in its outbox, and the proof of work is kept small.
 */
export async function startApi(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningApi> {
  for (const file of [API_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} is missing: run npx nx run-many -t build --projects=@sweepline/web,@sweepline/api`,
      );
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-web-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    SWEEPLINE_DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER: '2000',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // the embedded database and the outbox, whatever the machine's environment says
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [API_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForHealth(url, child, () => output);
  return {
    url,
    outboxDir: join(dataDir, 'outbox'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
