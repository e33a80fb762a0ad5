import { Logger } from '@nestjs/common';
import type { ControlChartReport, RunUploadAnswer, SnReport } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import { PrivatePostgres } from '@sweepline/testing';
import { Client } from 'pg';
import { editorApi, ok } from '../src/editor/testing/editor-api';
import type { LineTest } from '../src/runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../src/runner/testing/runner-fixtures';
import type { Member } from './fixtures';
import { createManager, createMember } from './fixtures';
import { testTargets } from './targets';
import type { TestApp } from './test-app';
import { closeTestApp, startAppOn } from './test-app';

/** Index and sequential scans of run's partitions, as the server's own statistics count them. */
async function runScans(server: PrivatePostgres): Promise<number> {
  const db = new Client({ connectionString: server.databaseUrl('sweepline') });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      `SELECT coalesce(sum(coalesce(idx_scan, 0) + coalesce(seq_scan, 0)), 0) AS n
         FROM pg_stat_user_tables WHERE relname LIKE 'run\\_%'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await db.end();
  }
}

/** A backend's statistics reach the view when it flushes them: at the latest 10 s after it went idle. */
async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

// Issue 27, "Done means": reads on a streaming hot standby of a private primary, and their fallback.
describe('reads on a hot standby (DATABASE_READ_URL)', () => {
  let cluster: { primary: PrivatePostgres; standby: PrivatePostgres };
  let app: TestApp | undefined;
  const t = () => app!;
  let operator: Member;
  let test: LineTest;
  const today = () => {
    const day = Date.now() - (Date.now() % 86_400_000);
    return `start_time=${day}&stop_time=${day + 86_399_999}&zone_offset=0`;
  };

  beforeAll(async () => {
    const primary = await PrivatePostgres.start();
    cluster = { primary, standby: await primary.startStandby() };
    const admin = new Client({ connectionString: cluster.primary.url });
    await admin.connect();
    await admin.query('CREATE DATABASE sweepline');
    await admin.end();
    app = await startAppOn(testTargets()[0]!, cluster.primary.databaseUrl('sweepline'), {
      databaseReadUrl: cluster.standby.databaseUrl('sweepline'),
    });
    const manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const line = await productWithTests(editorApi(t, manager), 'Filter', [1]);
    test = line.tests[0]!;
    await addSerialNumbers(editorApi(t, operator), line.product.id, ['S-1', 'S-2', 'S-3']);
  }, 120_000);
  afterAll(async () => {
    await closeTestApp(app);
    await cluster?.standby.remove();
    await cluster?.primary.remove();
  });

  const upload = (sn: string, result = 1) => {
    const now = Date.now();
    const run = runOf(test, sn, {
      result,
      start_time: new Date(now - 30_000).toISOString(),
      end_time: new Date(now).toISOString(),
    });
    return ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', run));
  };

  it('stores uploads on the primary, and the standby replays them', async () => {
    const answer = await upload('S-1');
    const primary = new Client({ connectionString: cluster.primary.databaseUrl('sweepline') });
    await primary.connect();
    const { rows } = await primary.query('SELECT sn FROM run WHERE id = $1', [answer.run_id]);
    await primary.end();
    expect(rows).toEqual([{ sn: 'S-1' }]);
    const standby = new Client({ connectionString: cluster.standby.databaseUrl('sweepline') });
    await standby.connect();
    const [{ in_recovery }] = (await standby.query('SELECT pg_is_in_recovery() AS in_recovery')).rows;
    expect(in_recovery).toBe(true);
    expect(
      await eventually(
        async () => (await standby.query('SELECT 1 FROM run WHERE id = $1', [answer.run_id])).rowCount === 1,
      ),
    ).toBe(true);
    await standby.end();
  });

  it('serves the daily reports from the standby', async () => {
    await upload('S-2');
    const standbyBefore = await runScans(cluster.standby);
    const rates = await ok<{ date: string; passRate: number }[]>(
      editorApi(t, operator).get(`/report/daily_pass_rate?seq_id=${test.id}&${today()}`),
    );
    expect(rates).toEqual([{ date: expect.any(String), passRate: 100 }]);
    expect(await eventually(async () => (await runScans(cluster.standby)) > standbyBefore)).toBe(true);
  }, 30_000);

  const controlChart = () =>
    ok<ControlChartReport>(
      editorApi(t, operator).get(`/report/control?seq_id=${test.id}&step=Insertion%20Loss%20Max&${today()}`),
    );

  it('draws the control chart with a run just uploaded, then from the standby', async () => {
    // a failed run (the unit stays where it is): queued, so the chart's call folds it, uncommitted
    // until the reply, and reads the step's values on the primary, in its own transaction
    await upload('S-3', 0);
    expect((await controlChart()).points.values).toEqual([0.82, 0.82, 0.82]);
    // nothing left to fold: the next calls read the standby, once it has replayed that fold
    const standbyBefore = await runScans(cluster.standby);
    const threeValues = () => controlChart().then((chart) => chart.points.values.length === 3);
    expect(await eventually(() => threeValues().catch(() => false))).toBe(true);
    expect(await eventually(async () => (await runScans(cluster.standby)) > standbyBefore)).toBe(true);
  }, 60_000);

  it('shows a run on the results the moment its upload is answered', async () => {
    for (let i = 0; i < 5; i++) {
      // failed runs: the unit stays at its stage for the next one
      const answer = await upload('S-3', 0);
      const report = await ok<SnReport>(editorApi(t, operator).get('/report/sn?sn=S-3&is_all=1'));
      expect(JSON.stringify(report)).toContain(String(answer.run_id));
    }
  });

  it('answers the reports from the primary with the standby stopped, and logs a warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await cluster.standby.down();
    const rates = await ok<{ date: string; passRate: number }[]>(
      editorApi(t, operator).get(`/report/daily_pass_rate?seq_id=${test.id}&${today()}`),
    );
    expect(rates).toEqual([{ date: expect.any(String), passRate: 25 }]); // 2 passed of 8
    const report = await ok<SnReport>(editorApi(t, operator).get('/report/sn?sn=S-1&is_all=1'));
    expect(JSON.stringify(report)).toContain('S-1');
    expect((await controlChart()).points.values).toHaveLength(8);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^The standby \(DATABASE_READ_URL\) is unreachable/),
    );
  });
});
