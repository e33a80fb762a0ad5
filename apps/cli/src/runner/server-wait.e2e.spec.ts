/**
 * Issue 26: `sweepline run` started while the API's database is stopped waits for it, says so,
 * and measures once it is back; one whose wait runs out stops with exit code 2 and measures
 * nothing. The real program in child processes, the built API on a private PostgreSQL server
 * (PrivatePostgres: stopped and started with pg_ctl, never the machine's shared server on 5432),
 * a simulator over TCP.
 */
import { PrivatePostgres } from '@sweepline/testing';
import { WAIT_ENV } from '../client/wait-for-server';
import { makeProduct, UNATTENDED_TEST } from './testing/lab-tests';
import { LabPc } from './testing/lab-pc';
import { TestApi } from './testing/test-api';

jest.setTimeout(240_000);

const WAITING = 'Waiting for the server (the database is not reachable)…';

let database: PrivatePostgres;
let api: TestApi;
let lab: LabPc;

/** `sweepline run` as a script runs it (no terminal), waiting at most `waitSeconds` for the server. */
const sweepline = (args: string[], waitSeconds: number) =>
  lab.sweepline(args, lab.env(api, { [WAIT_ENV]: String(waitSeconds) }));

const runsOf = (sn: string) => api.sql<{ result: number }>('SELECT result FROM run WHERE sn = $1', [sn]);

beforeAll(async () => {
  database = await PrivatePostgres.start();
  api = await TestApi.start(database.url);
  lab = await LabPc.start('cli-wait');
  await makeProduct(api, 'P-WAIT', UNATTENDED_TEST, ['W-001', 'W-002']);
});

afterAll(async () => {
  await lab?.stop();
  await api?.stop();
  await database?.remove();
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
