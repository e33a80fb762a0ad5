import {
  pareto,
  Role,
  type FailedRun,
  type FailureParetoReport,
  type StepResult,
  type Verdict,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import { RunFailures1763857500000 } from '../database/migrations/1763857500000-run-failures';
import type { LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { heading, insertAnalysisRuns } from './testing/analysis-fixtures';
import { redoMigration } from '../database/testing/redo-migration';

interface FailureRow {
  run_id: number;
  start_time: string;
  aborted: boolean;
  steps: string[];
}

interface StoredRun {
  id: number;
  start_time: string;
  sn: string;
  result: Verdict;
  steps: StepResult[];
}

const row = (
  title: string,
  result: 0 | 1,
  value: StepResult['value'] = result === 1 ? 1 : 3,
): StepResult => ({
  title,
  isHeader: false,
  lower: 0,
  upper: 2,
  value,
  unit: 'dB',
  result,
});

/** A heading the runner would never fail: the roll-up must leave it out all the same. */
const FAILED_HEADING: StepResult = { ...heading('Stop band'), result: 0 };

/**
 * run_failure as its definition gives it (migration 1763857500000): per failed or aborted run, the
 * titles of its failing non-heading rows in step order (repeats kept), read from the run's jsonb.
 */
function expectedRows(runs: readonly StoredRun[]): FailureRow[] {
  return runs
    .filter((run) => run.result !== 1)
    .map((run) => ({
      run_id: run.id,
      start_time: run.start_time,
      aborted: run.result === -1,
      steps: run.steps.filter((s) => !s.isHeader && s.result === 0).map((s) => s.title),
    }));
}

/** The failure roll-up run_failure, kept by a row trigger on run for the runs that did not pass. */
describeEachDatabase('the failure roll-up run_failure', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  let productId: number;
  const api = () => editorApi(t, operator);
  const range = `start_time=${Date.parse('2025-11-01')}&stop_time=${Date.parse('2025-12-31')}&zone_offset=0`;
  const iso = (x: string | Date) => new Date(x).toISOString();
  const stored = async (): Promise<FailureRow[]> => {
    const rows: (FailureRow & { seq_id: number })[] = await t().dataSource.query(
      `SELECT seq_id, run_id::float8 AS run_id, start_time, aborted, steps
         FROM run_failure WHERE account_id = $1 ORDER BY start_time, run_id`,
      [manager.accountId],
    );
    expect(rows.every((r) => r.seq_id === test.id)).toBe(true);
    return rows.map(({ seq_id: _seq, start_time, ...r }) => ({ ...r, start_time: iso(start_time) }));
  };
  /** Every run of the account as stored, its steps the jsonb itself. */
  const runs = async (): Promise<StoredRun[]> => {
    const rows: StoredRun[] = await t().dataSource.query(
      `SELECT id::float8 AS id, start_time, sn, result, steps FROM run WHERE account_id = $1 ORDER BY start_time, id`,
      [manager.accountId],
    );
    return rows.map((r) => ({ ...r, start_time: iso(r.start_time) }));
  };

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const line = await productWithTests(editorApi(t, manager), 'Failures', [1]);
    [test] = line.tests as [LineTest];
    productId = line.product.id;
    await addSerialNumbers(api(), productId, ['F-1', 'F-2', 'F-3', 'F-4']);
  });

  it('holds the failed and aborted uploads with their failing titles in step order, no passed run', async () => {
    const uploads = [
      runOf(test, 'F-1', { steps: [heading('Pass band'), row('Gain', 1), row('Return Loss', 1)] }),
      // several failing rows, a title failing twice, a passing row between
      runOf(test, 'F-2', {
        result: 0,
        steps: [
          heading('Pass band'),
          row('Return Loss', 0, 2.5),
          row('Gain', 1),
          { ...row('Isolation', 0, 'Skipped: instrument timeout'), lower: null, upper: null, unit: '' },
          row('Return Loss', 0, 4),
        ],
      }),
      runOf(test, 'F-3', {
        result: 0,
        steps: [heading('Pass band'), row('Gain', 0, 7), row('Return Loss', 1)],
      }),
      // aborted: its failing rows are kept too, though the Pareto counts the run as aborted alone
      runOf(test, 'F-4', { result: -1, steps: [heading('Pass band'), row('Gain', 0, 5)] }),
      runOf(test, 'F-4', { result: -1, steps: [heading('Pass band')] }),
    ];
    const ids: number[] = [];
    for (const upload of uploads)
      ids.push((await ok<{ run_id: number }>(api().post('/runner/runs', upload))).run_id);
    const rows = await stored();
    expect(rows).toEqual(expectedRows(await runs()));
    expect(rows.map((r) => [r.run_id, r.aborted, r.steps])).toEqual([
      [ids[1], false, ['Return Loss', 'Isolation', 'Return Loss']],
      [ids[2], false, ['Gain']],
      [ids[3], true, ['Gain']],
      [ids[4], true, []],
    ]);
  });

  it('holds runs written straight into run, one by one and many in one statement (as the seeds do)', async () => {
    const before = await stored();
    const at = (minute: number) =>
      new Date(Date.parse('2025-11-25T10:00:00Z') + minute * 60_000).toISOString();
    const fixture = (sn: string, minute: number, result: Verdict, steps: StepResult[]) => ({
      sn,
      productId,
      seqId: test.id,
      start: at(minute),
      result,
      version: test.version,
      steps,
    });
    const [failedHeading, noFailingRow, passed] = await insertAnalysisRuns(t(), manager.accountId!, [
      // a failed heading is no step
      fixture('F-1', 0, 0, [FAILED_HEADING, row('Gain', 0, 9), heading('Pass band'), row('Isolation', 0, 8)]),
      // failed without a failing row (the upload refuses it; written straight it has no titles)
      fixture('F-2', 1, 0, [heading('Pass band'), row('Gain', 1)]),
      fixture('F-3', 2, 1, [heading('Pass band'), row('Gain', 1)]),
    ]);
    // every run so far again, a week later, in one INSERT: the row trigger fires for each row
    await t().dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
       SELECT account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no + 100,
              gen_random_uuid()::text, seq_version, start_time + interval '7 days', end_time + interval '7 days',
              result, user_id, user_name, steps, false
         FROM run WHERE account_id = $1`,
      [manager.accountId],
    );
    const rows = await stored();
    expect(rows).toEqual(expectedRows(await runs()));
    expect(rows).toHaveLength(2 * (before.length + 2));
    const byId = new Map(rows.map((r) => [r.run_id, r]));
    expect(byId.get(failedHeading!)).toMatchObject({ aborted: false, steps: ['Gain', 'Isolation'] });
    expect(byId.get(noFailingRow!)).toMatchObject({ aborted: false, steps: [] });
    expect(byId.has(passed!)).toBe(false);
  });

  it("gives the Pareto and each bar's runs that the runs' jsonb gives", async () => {
    const all = await runs();
    const failing = (run: StoredRun) => run.steps.filter((s) => !s.isHeader && s.result === 0);
    const notPassed = all.filter((r) => r.result !== 1);
    const q = `product_id=${productId}&seq_id=${test.id}&${range}`;
    for (const count of ['first', 'every'] as const) {
      const report = await ok<FailureParetoReport>(api().get(`/report/failures?${q}&count=${count}`));
      const expected = pareto(
        notPassed.map((r) => ({
          aborted: r.result === -1,
          failingSteps: r.result === -1 ? [] : failing(r).map((s) => s.title),
        })),
        count,
      );
      expect(report).toMatchObject({
        failedRuns: all.filter((r) => r.result === 0).length,
        abortedRuns: all.filter((r) => r.result === -1).length,
      });
      expect(report.bars.map((b) => [b.step, b.count, b.percent, b.cumulativePercent])).toEqual(
        expected.map((b) => [b.key, b.count, b.percent, b.cumulativePercent]),
      );
      expect(report.bars.length).toBeGreaterThan(2);
      for (const bar of report.bars) {
        const listed = await ok<FailedRun[]>(
          api().get(
            `/report/failures/runs?${q}&count=${count}&${bar.step === null ? 'aborted=1' : `step=${encodeURIComponent(bar.step)}`}`,
          ),
        );
        // newest first; the bar's failing row: the first failing row, or the first of its title
        const expectedRuns = notPassed
          .filter((r) => (bar.step === null) === (r.result === -1))
          .map((r) => ({
            run: r,
            row:
              bar.step === null
                ? undefined
                : count === 'first'
                  ? failing(r)[0]
                  : failing(r).find((s) => s.title === bar.step),
          }))
          .filter(({ row: e }) => bar.step === null || e?.title === bar.step)
          .reverse()
          .map(({ run, row: e }) => ({
            runId: run.id,
            startTime: run.start_time,
            sn: run.sn,
            seqId: test.id,
            seqName: test.name,
            value: e?.value ?? null,
            lower: e?.lower ?? null,
            upper: e?.upper ?? null,
            unit: e?.unit ?? '',
          }));
        expect([bar.step, listed]).toEqual([bar.step, expectedRuns]);
        expect(listed).toHaveLength(bar.count);
      }
    }
  });

  it("fills the same rows from existing runs when migrated onto them (the migration's backfill)", async () => {
    const before = await stored();
    await redoMigration(t().dataSource, new RunFailures1763857500000());
    expect(before.length).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  });
});
