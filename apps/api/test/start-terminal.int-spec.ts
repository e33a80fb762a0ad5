/**
 * Issue 38: the terminal of a first `npm start` (the API from source, compiled on load as the build
 * compiles it, its embedded PostgreSQL made anew, standard output a pipe: JSON lines). The
 * database's chatter stays out, requests write no line at the default level, and the running line
 * with the seed hint beside it comes last, once the server answers (docs/operations.md).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@sweepline/testing';

jest.setTimeout(120_000);

const RUNNING = /^Sweepline is running at http:\/\/localhost:\d+$/;

interface Started {
  stdout: string[];
  stderr: string;
}

/** Starts main.ts, waits for its running line, makes `requests` calls, then stops it (SIGTERM). */
async function startAndStop(requests: number): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-start-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-r', join(__dirname, 'swc-register.js'), join(__dirname, '../src/main.ts')],
    { env: { PATH: process.env['PATH'], PORT: String(port), SWEEPLINE_DATA_DIR: dataDir }, stdio: 'pipe' },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.split('\n').some((line) => RUNNING.test(line))) resolve();
      });
      void exited.then(() => reject(new Error(`The API exited:\n${stdout}\n${stderr}`)));
    });
    // what stdout holds when the running line is out: nothing may follow it but the hint
    const atRunning = stdout;
    for (let i = 0; i < requests; i++) {
      const reply = await fetch(`http://127.0.0.1:${port}/webcyc/api/health`);
      expect(reply.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stdout).toBe(atRunning);
    child.kill('SIGTERM');
    await exited;
    return { stdout: atRunning.split('\n'), stderr };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the first start, as npm start runs it', () => {
  let started: Started;
  beforeAll(async () => {
    started = await startAndStop(5);
  });

  it("shows none of the embedded PostgreSQL's output: initdb's progress and its LOG lines", () => {
    expect(started.stderr).toBe('');
  });

  it('ends with the running line, after Nest has started, and the seed hint beside it', () => {
    const { stdout } = started;
    const running = stdout.findIndex((line) => RUNNING.test(line));
    const nestStarted = stdout.findIndex((line) => line.includes('Nest application successfully started'));
    expect(nestStarted).toBeGreaterThanOrEqual(0);
    expect(running).toBeGreaterThan(nestStarted);
    expect(stdout[running - 1]).toBe('');
    expect(stdout[running + 1]).toMatch(/^No customer account yet: .*`npm run seed`/);
    expect(stdout.slice(running + 2).join('')).toBe('');
  });

  it('writes no line for the requests at the default level', () => {
    expect(started.stdout.join('\n')).not.toContain('request completed');
  });
});
