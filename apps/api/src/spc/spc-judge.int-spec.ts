import { westernElectric, type WesternElectricRule } from '@sweepline/domain';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { heading, insertAnalysisRuns, measured } from '../reports/testing/analysis-fixtures';
import { insertProduct, insertSeq } from '../reports/testing/report-fixtures';
import { RequestTransaction } from '../database/transaction';
import { SpcJudge } from './spc-judge.service';
import { SpcRepository } from './spc.repository';

const CENTRE = 10000000.1;
const SIGMA = 0.03;
/** A slow swing and a fast one about the centre, within ±3.6σ: it meets every rule, and is fixed, so failures repeat. */
const SERIES = Array.from(
  { length: 120 },
  (_, i) => CENTRE + SIGMA * (1.8 * Math.sin(i * 0.08) + 1.8 * Math.sin(i * 1.9)),
);

/**
 * SpcJudge on the stored values, run by run (as the upload calls it): the carried state goes
 * through PostgreSQL (float8[] written as JSON) without losing a bit, so the judge flags exactly
 * what the control chart's batch judge flags over the whole series with the frozen limits, and
 * one alarm collects them all while nobody acknowledges it.
 */
describeEachDatabase('SpcJudge over stored runs', (t) => {
  /** A step with limits frozen at `centre` and `sigma`, and a stored run of each value, a minute apart. */
  async function frozenStep(centre: number, sigma: number, values: readonly number[]) {
    const accountId = (await createManager(t())).accountId!;
    const productId = await insertProduct(t(), accountId, 'Amplifier');
    const seqId = await insertSeq(t(), accountId, productId, 'Final');
    const repo = t().app.get(SpcRepository);
    const now = new Date();
    await repo.freeze(accountId, {
      productId,
      seqId,
      title: 'Gain',
      centre,
      sigmaWithin: sigma,
      baselineValues: 2,
      baselineFrom: now,
      baselineTo: now,
      zoneOffset: 0,
      frozenAt: now,
      frozenBy: null,
      frozenByName: 'fixture',
    });
    const runs = values.map((value, i) => ({
      sn: `A-${i}`,
      productId,
      seqId,
      start: new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString(),
      result: 1 as const,
      version: 1,
      steps: [heading('Band'), measured('Gain', value, null, null), measured('Other', 1, null, null)],
    }));
    const ids = await insertAnalysisRuns(t(), accountId, runs);
    return { accountId, seqId, runs, ids };
  }

  it('flags what the batch judge flags, into one open alarm', async () => {
    const { accountId, seqId, runs, ids } = await frozenStep(CENTRE, SIGMA, SERIES);
    const judge = t().app.get(SpcJudge);
    for (const [i, runId] of ids.entries())
      await judge.judgeRun(accountId, { seqId, runId, startTime: new Date(runs[i]!.start) });

    const expected = westernElectric(SERIES, CENTRE, SIGMA);
    const flagged = ids.flatMap((id, i) => (expected[i]!.length > 0 ? [{ id, rules: expected[i]! }] : []));
    expect(new Set(expected.flat())).toEqual(new Set([1, 2, 3, 4]));
    const violations = await t().dataSource.query<{ runId: number; rules: WesternElectricRule[] }[]>(
      `SELECT run_id::float8 AS "runId", rules FROM spc_violation WHERE account_id = $1 ORDER BY run_id`,
      [accountId],
    );
    expect(violations).toEqual(flagged.map((f) => ({ runId: f.id, rules: f.rules })));
    const alarms = await t().dataSource.query(
      `SELECT violation_count, opened_run_id::float8 AS opened FROM spc_alarm WHERE account_id = $1`,
      [accountId],
    );
    expect(alarms).toEqual([{ violation_count: flagged.length, opened: flagged[0]!.id }]);
    const [state] = await t().dataSource.query(`SELECT recent FROM spc_step_state WHERE account_id = $1`, [
      accountId,
    ]);
    expect(state.recent).toEqual(SERIES.slice(-7));
  });
  it('judges concurrent uploads of one step in turn: one alarm, every violation in it, none lost', async () => {
    // every value beyond 3σ: each completes rule 1, so each is a violation, and only the first
    // may open the alarm; without the step's lock two would read "no alarm open" and open two
    const values = Array.from({ length: 12 }, (_, i) => 10 + (i % 2 === 0 ? 4 : -4));
    const { accountId, seqId, runs, ids } = await frozenStep(10, 1, values);
    const judge = t().app.get(SpcJudge);
    const transaction = t().app.get(RequestTransaction);
    await Promise.all(
      ids.map((runId, i) =>
        transaction.run(() =>
          judge.judgeRun(accountId, { seqId, runId, startTime: new Date(runs[i]!.start) }),
        ),
      ),
    );
    const alarms = await t().dataSource.query(`SELECT violation_count FROM spc_alarm WHERE account_id = $1`, [
      accountId,
    ]);
    expect(alarms).toEqual([{ violation_count: values.length }]);
    const [{ n }] = await t().dataSource.query(
      `SELECT count(*)::int AS n FROM spc_violation WHERE account_id = $1`,
      [accountId],
    );
    expect(n).toBe(values.length);
    const [state] = await t().dataSource.query(`SELECT recent FROM spc_step_state WHERE account_id = $1`, [
      accountId,
    ]);
    expect(state.recent).toHaveLength(7);
  });
});
