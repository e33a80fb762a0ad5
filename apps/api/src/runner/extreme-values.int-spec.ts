import type { CapabilityReport, RunUpload, SpecLimits, StepResult } from '@sweepline/domain';
import { capability, dayRange, Role, RUN_MSG } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { AnalyticsDoubles1763860700000 } from '../database/migrations/1763860700000-analytics-doubles';
import { redoMigration } from '../database/testing/redo-migration';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { LineTest } from './testing/runner-fixtures';
import { foldStepValues } from '../reports/testing/report-fixtures';
import { expectSameSlots, storedSlots } from '../reports/testing/step-slot-oracle';
import { addSerialNumbers, productWithTests, runOf, runRows } from './testing/runner-fixtures';

const LIMITS: SpecLimits = { lower: -1, upper: 1 };
const measured = (title: string, value: number, limits = LIMITS): StepResult => ({
  title,
  isHeader: false,
  ...limits,
  value,
  unit: 'A',
  result: 1,
});

/**
 * Uploads of values at the ends of the doubles (docs/measurements.md, "Capability from merged
 * statistics"): PostgreSQL refuses a product or quotient that underflows to 0, which the quarter
 * hours' statistics met squaring deviations (values 0 and 1e-170) and dividing by counts (0 and
 * 5e-324): those uploads failed with a 500. An upload stores or is refused with a 400, never a 500.
 */
describeEachDatabase('uploads of tiny and huge values', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  let sns = 0;

  const api = () => editorApi(t, operator);
  /** A run of one step started at `at`, on a serial number of its own. */
  const run = (step: StepResult, at: string): RunUpload =>
    runOf(test, `X-${++sns}`, { start_time: at, end_time: at, steps: [step] });
  const capabilityOn = (day: string, title: string) => {
    const r = dayRange(day, day, 0);
    return ok<CapabilityReport>(
      editorApi(t, manager).get(
        `/report/capability?seq_id=${test.id}&step=${title}&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`,
      ),
    );
  };

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const line = await productWithTests(editorApi(t, manager), 'Probe', [1]);
    test = line.tests[0]!;
    await addSerialNumbers(
      api(),
      line.product.id,
      Array.from({ length: 40 }, (_, i) => `X-${i + 1}`),
    );
  });

  it.each([
    ['Square', '2025-06-02', [0, 1e-170, -1e-170]],
    ['Quotient', '2025-06-03', [0, 5e-324, 5e-324, -5e-324]],
  ])(
    'stores tiny values uploaded one by one into a quarter hour (%s), capability the row-wise figures',
    async (title, day, values) => {
      for (const [i, value] of values.entries()) {
        await ok(api().post('/runner/runs', run(measured(title, value), `${day}T10:0${i}:00Z`)));
      }
      const report = await capabilityOn(day, title);
      expect(report.figures).toEqual(capability(values, LIMITS));
    },
  );

  it.each([0, 5.5])(
    'answers capability over quarter hours and days of tiny values as the row-wise figures (zone offset %s)',
    async (zone) => {
      const title = `Spread${zone}`;
      const values = [0, 1e-170, -1e-170, 5e-324];
      for (const [i, value] of values.entries()) {
        await ok(api().post('/runner/runs', run(measured(title, value), `2025-06-07T1${i}:20:00Z`)));
      }
      const r = dayRange('2025-06-07', '2025-06-07', zone);
      const report = await ok<CapabilityReport>(
        editorApi(t, manager).get(
          `/report/capability?seq_id=${test.id}&step=${title}&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=${zone}`,
        ),
      );
      expect(report.figures).toEqual(capability(values, LIMITS));
    },
  );

  it('stores a tiny value that arrives before its quarter hour’s latest (the slot made anew)', async () => {
    const title = 'Late';
    await ok(api().post('/runner/runs', run(measured(title, 0), '2025-06-04T10:05:00Z')));
    await ok(api().post('/runner/runs', run(measured(title, 5e-324), '2025-06-04T10:04:00Z')));
    const report = await capabilityOn('2025-06-04', title);
    expect(report.figures).toEqual(capability([5e-324, 0], LIMITS));
  });

  it('stores limits of any finite size', async () => {
    const limits = { lower: -Number.MAX_VALUE, upper: Number.MAX_VALUE };
    for (const [i, value] of [1e100, -1e100, 0].entries()) {
      await ok(api().post('/runner/runs', run(measured('Wide', value, limits), `2025-06-05T10:0${i}:00Z`)));
    }
    await foldStepValues(t().dataSource, manager.accountId!);
    const [{ n }] = await t().dataSource.query(
      `SELECT n FROM run_step_slot WHERE account_id = $1 AND title = 'Wide'`,
      [manager.accountId],
    );
    expect(n).toBe(3);
  });

  it('makes the same slots of these values anew in run_rollups_rebuild, after its migration undone and redone', async () => {
    const slots = async () => {
      await foldStepValues(t().dataSource, manager.accountId!);
      return storedSlots(t().dataSource, manager.accountId!);
    };
    const kept = await slots();
    expect(kept.length).toBeGreaterThan(3);
    await redoMigration(t().dataSource, new AnalyticsDoubles1763860700000());
    await t().dataSource.query('SELECT run_rollups_rebuild($1)', [manager.accountId]);
    // the sums to 1e-12 relative: the rebuild adds a slot's values in its own order, and the
    // 'Wide' slot's Σ(x − x̄)² of 1e100, −1e100 and 0 came out 2e200 or one unit in the last place
    // above it, as the embedded database's plan ordered them (a clean-clone CI run)
    expectSameSlots(await slots(), kept);
  });

  it('refuses a value beyond 1e100 in size with a 400 and stores nothing', async () => {
    await ok(
      api().post(
        '/runner/runs',
        run(measured('Huge', 1e100, { lower: null, upper: null }), '2025-06-06T10:00:00Z'),
      ),
    );
    const before = await runRows(t, manager.accountId!);
    for (const value of [1e308, -1e308, -1.0000001e100]) {
      const answer = await api().post(
        '/runner/runs',
        run(measured('Huge', value, { lower: null, upper: null }), '2025-06-06T10:01:00Z'),
      );
      expect([answer.status, answer.body.msg]).toEqual([400, `steps[0].value: ${RUN_MSG.valueSize}`]);
    }
    expect(await runRows(t, manager.accountId!)).toEqual(before);
  });
});
