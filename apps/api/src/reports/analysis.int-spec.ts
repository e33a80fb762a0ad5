import {
  ActionId,
  capability,
  changesOf,
  controlLimits,
  controlPoints,
  dayRange,
  histogram,
  pareto,
  Role,
  traceBand,
  westernElectric,
  type CapabilityReport,
  type ControlChartReport,
  type FailedRun,
  type FailureParetoReport,
  type MeasuredStep,
  type TraceBandReport,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import { AnalysisRepository } from './analysis.repository';
import { ANALYSIS_REFUSALS } from './analysis.service';
import type { AnalysisRun } from './testing/analysis-fixtures';
import { heading, insertAnalysisRuns, measured } from './testing/analysis-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';
import { expectCapabilityNear } from './testing/capability-near';

const N = 40;
const ABORTED = 39;
/** Gain: a wave about 11 dB, an outlier at run 25 (beyond 3σ) and a low value at run 33. */
const gain = (i: number) =>
  i === 25 ? 14 : i === 33 ? 9.5 : Math.round((11 + 0.3 * Math.sin(i)) * 1000) / 1000;
const gainUpper = (i: number) => (i < 30 ? 12 : 12.5);
const returnLoss = (i: number) => (i === 5 || i === 12 || i === 33 ? 14 : 20 + (i % 3));
const GRID = [800, 850, 900];

function finalRun(productId: number, seqId: number, i: number): AnalysisRun {
  const steps = [
    heading('Pass band'),
    measured('Gain', gain(i), 10, gainUpper(i)),
    measured('Answer', 'yes', null, null, ''),
    measured('Delay', 2 + (i % 4) / 10, null, 5, i < 20 ? 'ns' : 'us'),
    measured('Return Loss', returnLoss(i), 15, null),
  ];
  const failed = steps.some((s) => s.result === 0);
  return {
    sn: `U-${i}`,
    productId,
    seqId,
    start: new Date(Date.UTC(2025, 2, 1, i)).toISOString(),
    result: i === ABORTED ? -1 : failed ? 0 : 1,
    version: i < 20 ? 1 : 2,
    steps,
    traces:
      i < 10
        ? [{ stepIndex: 1, freqsMhz: GRID, values: [gain(i) - 0.25, gain(i), gain(i) + 0.5] }]
        : i < 12
          ? [{ stepIndex: 1, freqsMhz: [800, 900], values: [1, 2] }]
          : [],
  };
}

describeEachDatabase('measurement analytics (docs/api/reports.md)', (t) => {
  let manager: Member;
  let editor: Member;
  let operator: Member;
  let stranger: Member;
  let productId: number;
  let finalId: number;
  let tuneId: number;
  let runIds: number[];
  let strangerSeq: number;
  let strangerProduct: number;
  let strangerRun: number;
  const march = dayRange('2025-03-01', '2025-03-31', 0);
  const april = dayRange('2025-04-01', '2025-04-30', 0);
  const range = (r = march) => `start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`;
  const runs = () => Array.from({ length: N }, (_, i) => finalRun(productId, finalId, i));
  /** The Gain values of the passed and failed runs, in time order: the rows the API reads. */
  const gains = () =>
    runs()
      .filter((_, i) => i !== ABORTED)
      .map((_, i) => gain(i));
  const get = <T>(member: Member, path: string) => ok<T>(editorApi(t, member).get(path));
  const refusal = async (path: string) => {
    const res = await editorApi(t, operator).get(path);
    return [res.status, res.body.msg];
  };

  beforeAll(async () => {
    manager = await createManager(t());
    const acct = manager.accountId!;
    editor = await createMember(t(), acct, Role.Editor);
    operator = await createMember(t(), acct, Role.Operator);
    productId = await insertProduct(t(), acct, 'Filter');
    finalId = await insertSeq(t(), acct, productId, 'Final', 1, 1);
    tuneId = await insertSeq(t(), acct, productId, 'Tune', 1, 2);
    await t().dataSource.query(
      `INSERT INTO step (account_id, seq_id, position, name, is_default_name, instrument_id, action_id, param)
       VALUES ($1, $2, 0, 'Gain', false, 0, $3, $4), ($1, $2, 1, 'Return Loss', false, 0, $5, '{}'),
              ($1, $2, 2, 'Return Loss', false, 0, $5, '{}')`,
      [acct, finalId, ActionId.GainMin, { startFreq_MHz: 820, stopFreq_MHz: 880 }, ActionId.ReturnLoss],
    );
    runIds = await insertAnalysisRuns(t(), acct, runs());
    await insertAnalysisRuns(t(), acct, [
      {
        sn: 'U-1',
        productId,
        seqId: tuneId,
        start: '2025-03-02T10:00:00Z',
        result: 0,
        version: 4,
        steps: [measured('Gain', 3, 10, 12)],
      },
    ]);
    stranger = await createManager(t());
    strangerProduct = await insertProduct(t(), stranger.accountId!, 'Other');
    strangerSeq = await insertSeq(t(), stranger.accountId!, strangerProduct, 'Other test');
    const [theirs] = await insertAnalysisRuns(t(), stranger.accountId!, [
      { ...finalRun(strangerProduct, strangerSeq, 1), traces: [] },
    ]);
    strangerRun = theirs!;
  });

  it('lists the measured steps in step order, numeric rows only', async () => {
    const steps = await get<MeasuredStep[]>(operator, `/report/steps?seq_id=${finalId}&${range()}`);
    expect(steps).toEqual([
      { title: 'Gain', unit: 'dB' },
      { title: 'Delay', unit: 'us' },
      { title: 'Return Loss', unit: 'dB' },
    ]);
  });

  it('gives the capability figures the domain gives on the same rows, to every role', async () => {
    const limits = { lower: 10, upper: 12.5 };
    for (const member of [manager, editor, operator]) {
      const report = await get<CapabilityReport>(
        member,
        `/report/capability?seq_id=${finalId}&step=Gain&${range()}`,
      );
      expect(report).toMatchObject({
        seqName: 'Final',
        step: 'Gain',
        unit: 'dB',
        versions: [1, 2],
        ...limits,
      });
      expect(report.limitsChanged).toBe(true);
      expect(report.notNumeric).toBe(0);
      // merged from the day and its slots, summed in another order than the rows: to 1e-12
      expectCapabilityNear(report.figures!, capability(gains(), limits));
      expect(report.histogram).toEqual(histogram(gains(), limits));
    }
  });

  it('gives the control chart of the domain, with each point of its run in time order', async () => {
    const report = await get<ControlChartReport>(
      operator,
      `/report/control?seq_id=${finalId}&step=Gain&${range()}`,
    );
    const values = gains();
    const limits = controlLimits(values)!;
    const points = controlPoints(report.points);
    expect(report.limits).toEqual(limits);
    expect(points.map((p) => p.rules)).toEqual(westernElectric(values, limits.centre, limits.sigmaWithin));
    expect(points[25]).toMatchObject({
      runId: runIds[25],
      sn: 'U-25',
      value: 14,
      version: 2,
      upper: 12,
    });
    expect(points[25]!.rules).toContain(1);
    expect(points[0]!.movingRange).toBeNull();
    expect(points[1]!.movingRange).toBeCloseTo(Math.abs(values[1]! - values[0]!), 12);
    expect(points[31]!.upper).toBe(12.5);
  });

  it('reads each run’s version and limits, whether they change in the range or not, and none as null', async () => {
    const repo = t().app.get(AnalysisRepository);
    const hours = (from: number, until: number) => ({
      days: [],
      from: new Date(Date.UTC(2025, 2, 1, from)).toISOString(),
      until: new Date(Date.UTC(2025, 2, 1, until)).toISOString(),
      offsetMinutes: 0,
    });
    const read = (step: string, from: number, until: number) =>
      repo.stepValues(manager.accountId!, finalId, step, hours(from, until));
    const each = <T>(from: number, until: number, f: (i: number) => T) =>
      Array.from({ length: until - from }, (_, k) => f(from + k));
    // each run's limits and version, as the lists of where they change that the read answers
    type PerRun<T> = (i: number) => T;
    const changes = (
      from: number,
      until: number,
      runs: { lower: PerRun<number | null>; upper: PerRun<number | null>; version: PerRun<number> },
    ) =>
      changesOf(
        each(from, until, runs.lower),
        each(from, until, runs.upper),
        each(from, until, runs.version),
      );
    // one version, one lower limit and no upper one: read as their lowest and highest
    expect(await read('Return Loss', 0, 20)).toMatchObject({
      values: each(0, 20, returnLoss),
      ...changes(0, 20, { lower: () => 15, upper: () => null, version: () => 1 }),
      runIds: runIds.slice(0, 20),
    });
    // the version and the upper limit change inside the range: read row by row
    expect(await read('Gain', 15, 35)).toMatchObject({
      values: each(15, 35, gain),
      ...changes(15, 35, { lower: () => 10, upper: gainUpper, version: (i) => (i < 20 ? 1 : 2) }),
      runIds: runIds.slice(15, 35),
    });
    expect(await read('Gain', 21, 29)).toMatchObject(
      changes(21, 29, { lower: () => 10, upper: () => 12, version: () => 2 }),
    );
    // quarter hours out of step with their rows (one version and one pair of limits, said wrongly)
    // do not hide the rows' changes
    const db = t().dataSource;
    const key = [manager.accountId, finalId];
    const gainSlots = `account_id = $1 AND seq_id = $2 AND title = 'Gain'`;
    const kept = await db.query(
      `SELECT slot_start, versions, limits_mixed, last_upper FROM run_step_slot WHERE ${gainSlots}`,
      key,
    );
    await db.query(
      `UPDATE run_step_slot SET versions = '{2}', limits_mixed = false, last_upper = 12 WHERE ${gainSlots}`,
      key,
    );
    try {
      expect(await read('Gain', 15, 35)).toMatchObject(
        changes(15, 35, { lower: () => 10, upper: gainUpper, version: (i) => (i < 20 ? 1 : 2) }),
      );
    } finally {
      await db.query(
        `UPDATE run_step_slot s SET versions = k.versions, limits_mixed = k.limits_mixed, last_upper = k.last_upper
           FROM jsonb_to_recordset($3::jsonb) AS k(slot_start timestamptz, versions int[], limits_mixed boolean, last_upper float8)
          WHERE s.account_id = $1 AND s.seq_id = $2 AND s.title = 'Gain' AND s.slot_start = k.slot_start`,
        [...key, JSON.stringify(kept)],
      );
    }
  });

  it('counts failures both ways as the domain does, the aborted run a bar of its own', async () => {
    const failing = runs()
      .filter((r) => r.result !== 1)
      .map((r) => ({
        aborted: r.result === -1,
        failingSteps: r.steps.filter((s) => s.result === 0 && !s.isHeader).map((s) => s.title),
      }));
    for (const count of ['first', 'every'] as const) {
      const report = await get<FailureParetoReport>(
        operator,
        `/report/failures?product_id=${productId}&seq_id=${finalId}&count=${count}&${range()}`,
      );
      expect(report).toMatchObject({ count, failedRuns: 4, abortedRuns: 1 });
      expect(report.versions).toEqual([{ seqId: finalId, seqName: 'Final', versions: [1, 2] }]);
      expect(report.bars.map((b) => [b.step, b.count, b.percent, b.cumulativePercent])).toEqual(
        pareto(failing, count).map((b) => [b.key, b.count, b.percent, b.cumulativePercent]),
      );
    }
    const all = await get<FailureParetoReport>(
      operator,
      `/report/failures?product_id=${productId}&seq_id=-1&count=every&${range()}`,
    );
    expect(all.bars.map((b) => [b.seqName, b.step, b.count])).toEqual([
      ['Final', 'Return Loss', 3],
      ['Final', 'Gain', 2],
      ['Tune', 'Gain', 1],
      [null, null, 1],
    ]);
  });

  it("lists a bar's failed runs newest first with the failing row, and the aborted runs", async () => {
    const q = `product_id=${productId}&seq_id=${finalId}&${range()}`;
    const first = await get<FailedRun[]>(
      operator,
      `/report/failures/runs?${q}&count=first&step=Return%20Loss`,
    );
    expect(first.map((r) => [r.sn, r.value, r.lower, r.upper, r.unit])).toEqual([
      ['U-12', 14, 15, null, 'dB'],
      ['U-5', 14, 15, null, 'dB'],
    ]);
    const every = await get<FailedRun[]>(
      operator,
      `/report/failures/runs?${q}&count=every&step=Return%20Loss`,
    );
    expect(every.map((r) => r.sn)).toEqual(['U-33', 'U-12', 'U-5']);
    const aborted = await get<FailedRun[]>(operator, `/report/failures/runs?${q}&count=first&aborted=1`);
    expect(aborted.map((r) => [r.runId, r.sn, r.seqName, r.value])).toEqual([
      [runIds[ABORTED], 'U-39', 'Final', null],
    ]);
  });

  it('draws the trace band of the traces on one grid, counting the others, with a run of its own', async () => {
    const band = await get<TraceBandReport>(
      operator,
      `/report/trace_band?seq_id=${finalId}&step=Gain&${range()}`,
    );
    const expected = traceBand(
      runs()
        .slice(0, 12)
        .map((r) => ({ freqsMhz: r.traces![0]!.freqsMhz, values: Float32Array.from(r.traces![0]!.values) })),
    )!;
    expect(band.band).toEqual({ ...expected, median: expected.median.map(Number) });
    expect(band.band).toMatchObject({ traces: 10, otherGrid: 2, freqsMhz: GRID });
    expect(band).toMatchObject({ unit: 'dB', lower: 10, upper: 12 });
    // the test's Gain step says where its limits fall on the median (a Return Loss step two share says not)
    expect(band.plot).toEqual({ actionId: ActionId.GainMin, startFreq_MHz: 820, stopFreq_MHz: 880 });
    const shared = await get<TraceBandReport>(
      operator,
      `/report/trace_band?seq_id=${finalId}&step=Return%20Loss&${range()}`,
    );
    expect(shared.plot).toBeNull();
    const own = await get<TraceBandReport>(
      operator,
      `/report/trace_band?seq_id=${finalId}&step=Gain&run_id=${runIds[3]}&${range()}`,
    );
    expect(own.own).toEqual({
      runId: runIds[3],
      sn: 'U-3',
      values: Array.from(Float32Array.from([gain(3) - 0.25, gain(3), gain(3) + 0.5])),
    });
  });

  it("answers 404 for another account's test, product and run", async () => {
    expect(await refusal(`/report/capability?seq_id=${strangerSeq}&step=Gain&${range()}`)).toEqual([
      404,
      'Test not found',
    ]);
    expect(await refusal(`/report/control?seq_id=${strangerSeq}&step=Gain&${range()}`)).toEqual([
      404,
      'Test not found',
    ]);
    expect(await refusal(`/report/steps?seq_id=${strangerSeq}&${range()}`)).toEqual([404, 'Test not found']);
    expect(
      await refusal(`/report/failures?product_id=${strangerProduct}&seq_id=-1&count=first&${range()}`),
    ).toEqual([404, 'Product not found']);
    expect(
      await refusal(`/report/failures?product_id=${productId}&seq_id=${strangerSeq}&count=first&${range()}`),
    ).toEqual([404, 'Test not found']);
    expect(
      await refusal(`/report/trace_band?seq_id=${finalId}&step=Gain&run_id=${strangerRun}&${range()}`),
    ).toEqual([404, 'Run not found']);
  });

  it('refuses an unknown step, a range without runs, a text step and a unit change, with clear messages', async () => {
    const cap = (step: string, r = march) =>
      `/report/capability?seq_id=${finalId}&step=${encodeURIComponent(step)}&${range(r)}`;
    expect(await refusal(cap('Nope'))).toEqual([400, ANALYSIS_REFUSALS.noStep('Final', 'Nope')]);
    expect(await refusal(cap('Gain', april))).toEqual([
      400,
      "No passed or failed runs of test 'Final' in the range",
    ]);
    expect(await refusal(cap('Answer'))).toEqual([400, ANALYSIS_REFUSALS.notNumeric('Answer')]);
    expect(await refusal(cap('Delay'))).toEqual([
      400,
      "Step 'Delay' changes unit inside the range (ns, us): values in different units are never averaged; choose a range with one unit",
    ]);
    expect(await refusal(cap('Pass band'))).toEqual([400, ANALYSIS_REFUSALS.noStep('Final', 'Pass band')]);
  });

  it('refuses malformed parameters by name', async () => {
    const q = `product_id=${productId}&seq_id=${finalId}&${range()}`;
    expect(await refusal(`/report/capability?seq_id=${finalId}&${range()}`)).toEqual([
      400,
      'step: The step title, 1 to 200 characters',
    ]);
    expect(await refusal(`/report/capability?seq_id=x&step=Gain&${range()}`)).toEqual([
      400,
      'seq_id: Invalid id',
    ]);
    expect(await refusal(`/report/failures?${q}&count=most`)).toEqual([
      400,
      "count: Either 'first' (each failed run at its first failing step) or 'every' (every failing step)",
    ]);
    expect(await refusal(`/report/failures/runs?${q}&count=first`)).toEqual([
      400,
      'step: Give either a step or aborted=1, not both',
    ]);
    expect(
      await refusal(
        `/report/control?seq_id=${finalId}&step=Gain&start_time=${march.stop_time}&stop_time=${march.start_time}`,
      ),
    ).toEqual([400, 'stop_time: The stop time is before the start time']);
  });

  it('refuses the signed-out caller', async () => {
    const res = await editorApi(t).get(`/report/capability?seq_id=${finalId}&step=Gain&${range()}`);
    expect(res.status).toBe(401);
  });
});
