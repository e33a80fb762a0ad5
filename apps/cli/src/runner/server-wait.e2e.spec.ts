/**
 * Issue 26: `sweepline run` started while the API's database is stopped waits for it, says so,
 * and measures once it is back; one whose wait runs out stops with exit code 2 and measures
 * nothing. The real program in child processes, the built API on a private PostgreSQL server
 * (PrivatePostgres: stopped and started with pg_ctl, never the machine's shared server on 5432),
 * a simulator over TCP.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SIM_CONFIG, startSimulator, type Simulator } from '@sweepline/instruments';
import { PrivatePostgres } from '@sweepline/testing';
import { WAIT_ENV } from '../client/wait-for-server';
import { saveLabConfig } from './lab-config';
import { makeProduct, UNATTENDED_TEST } from './testing/lab-tests';
import { TestApi } from './testing/test-api';

jest.setTimeout(240_000);

const MAIN = join(__dirname, '..', 'main.ts');
const WAITING = 'Waiting for the server (the database is not reachable)…';

let database: PrivatePostgres;
let api: TestApi;
let ena: Simulator;
let home: string;

interface Runner {
  /** Resolves once standard error contains `text`. */
  saw(text: string): Promise<void>;
  done: Promise<{ code: number | null; err: string }>;
}

/** `sweepline run` as a script runs it (no terminal). */
function sweepline(args: string[], waitSeconds: number): Runner {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: {
      ...process.env,
      SWEEPLINE_CONFIG_DIR: join(home, 'config'),
      SWEEPLINE_CLI_DATA_DIR: join(home, 'data'),
      SWEEPLINE_SERVER: api.server,
      SWEEPLINE_TOKEN: api.token,
      NO_COLOR: '1',
      [WAIT_ENV]: String(waitSeconds),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const watchers: { text: string; resolve: () => void }[] = [];
  child.stdout.resume();
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
    for (const w of watchers.filter((w) => err.includes(w.text))) w.resolve();
  });
  return {
    saw: (text) =>
      new Promise((resolve) => (err.includes(text) ? resolve() : watchers.push({ text, resolve }))),
    done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, err }))),
  };
}

const runsOf = (sn: string) => api.sql<{ result: number }>('SELECT result FROM run WHERE sn = $1', [sn]);

beforeAll(async () => {
  database = await PrivatePostgres.start();
  api = await TestApi.start(database.url);
  ena = await startSimulator({ family: 'ena', config: { ...DEFAULT_SIM_CONFIG, timeScale: 0 }, port: 0 });
  home = mkdtempSync(join(tmpdir(), 'sweepline-cli-wait-'));
  saveLabConfig(
    { networkAnalyzer: { resource: ena.resource }, calibrationHours: 8 },
    join(home, 'config', 'lab.json'),
  );
  await makeProduct(api, 'P-WAIT', UNATTENDED_TEST, ['W-001', 'W-002']);
});

afterAll(async () => {
  await ena?.close();
  await api?.stop();
  await database?.remove();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('sweepline run while the database is stopped', () => {
  it('waits, shows the wait, and runs the unit once the database is back', async () => {
    await database.down();
    const runner = sweepline(['run', '--product', 'P-WAIT', '--sn', 'W-001'], 60);
    await runner.saw(WAITING);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await database.up();
    const { code, err } = await runner.done;
    expect(err).toMatch(/Waiting for the server \(the database is not reachable\)… \d+ s/);
    expect(err).toMatch(/The server answers again, after \d+ s\./);
    expect(err).toContain('Uploaded: run 1 of this test in the stage');
    expect(code).toBe(0);
    expect(await runsOf('W-001')).toEqual([{ result: 1 }]);
  });

  it('gives up after the wait with exit code 2, having measured nothing', async () => {
    await database.down();
    const started = Date.now();
    const { code, err } = await sweepline(['run', '--product', 'P-WAIT', '--sn', 'W-002'], 3).done;
    await database.up();
    expect(code).toBe(2);
    expect(err).toContain(WAITING);
    expect(err).toContain('The server did not come back within 3 s (the database is not reachable)');
    expect(err).toContain('Nothing was measured');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(await runsOf('W-002')).toEqual([]);
  });
});
