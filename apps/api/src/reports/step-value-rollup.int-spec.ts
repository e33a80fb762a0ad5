import { Role, type CapabilityReport, type RunUpload, type StepResult } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import { RunStepValues1763857400000 } from '../database/migrations/1763857400000-run-step-values';
import type { LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { heading } from './testing/analysis-fixtures';
import { foldStepValues } from './testing/report-fixtures';
import { redoMigration } from '../database/testing/redo-migration';

interface StepValueRow {
  run_id: number;
  seq_id: number;
  title: string;
  start_time: string;
  sn: string;
  seq_version: number;
  value: number;
  lower: number | null;
  upper: number | null;
  unit: string;
}

const row = (
  title: string,
  value: StepResult['value'],
  lower: number | null,
  upper: number | null,
  unit = 'dB',
  result: 0 | 1 = 1,
): StepResult => ({ title, isHeader: false, lower, upper, value, unit, result });

const HEADER = heading('Pass band');

/**
 * run_step_value as its definition gives it (migration 1763857400000): per passed or failed run and
 * title, the first non-heading row, when its value is a number; limits that are not numbers null.
 */
function expectedRows(runs: { id: number; upload: RunUpload }[]): Omit<StepValueRow, 'seq_id'>[] {
  const num = (x: StepResult['value']) => (typeof x === 'number' ? x : null);
  return runs
    .filter(({ upload }) => upload.result !== -1)
    .flatMap(({ id, upload }) => {
      const first = new Map<string, StepResult>();
      for (const step of upload.steps)
        if (!step.isHeader && !first.has(step.title)) first.set(step.title, step);
      return [...first.values()]
        .filter((step) => typeof step.value === 'number')
        .map((step) => ({
          run_id: id,
          title: step.title,
          start_time: upload.start_time,
          sn: upload.sn,
          seq_version: upload.seq_version,
          value: step.value as number,
          lower: num(step.lower),
          upper: num(step.upper),
          unit: step.unit,
        }));
    })
    .sort((a, b) => a.title.localeCompare(b.title) || a.start_time.localeCompare(b.start_time));
}

/** The step-value roll-up run_step_value, kept by a statement trigger on run as runs are uploaded. */
describeEachDatabase('the step-value roll-up run_step_value', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  const api = () => editorApi(t, operator);
  const stored = async (): Promise<Omit<StepValueRow, 'seq_id'>[]> => {
    await foldStepValues(t().dataSource, manager.accountId!);
    const rows: StepValueRow[] = await t().dataSource.query(
      `SELECT run_id::float8 AS run_id, seq_id, title, start_time, sn, seq_version, value, lower, upper, unit
         FROM run_step_value WHERE account_id = $1 ORDER BY title COLLATE "C", start_time`,
      [manager.accountId],
    );
    expect(rows.every((r) => r.seq_id === test.id)).toBe(true);
    return rows.map(({ seq_id: _seq, start_time, ...r }) => ({
      ...r,
      start_time: new Date(start_time).toISOString(),
    }));
  };

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const line = await productWithTests(editorApi(t, manager), 'Roll-up', [1]);
    [test] = line.tests as [LineTest];
    await addSerialNumbers(api(), line.product.id, ['R-1', 'R-2', 'R-3']);
  });

  it('holds the numeric rows of uploaded runs: no heading, text step, skipped row or aborted run', async () => {
    const uploads = [
      // a heading, a text answer, and a title measured twice (its first row is the step's)
      runOf(test, 'R-1', {
        steps: [
          HEADER,
          row('Insertion Loss Max', 0.82, null, 1.5),
          row('Gain Max', 0.5, -3, 3),
          row('Operator check', 'ok', null, null, ''),
          row('Gain Max', 2.5, -3, 3),
        ],
      }),
      // changed limits, a skipped measurement (text in a numeric step) and a limit that is text
      runOf(test, 'R-2', {
        result: 0,
        steps: [
          HEADER,
          row('Insertion Loss Max', 'Skipped: instrument timeout', null, null, '', 0),
          row('Gain Max', 0.5, -0.4, 0.4, 'dB', 0),
          row('Operator check', 'no', null, null, '', 0),
          row('Return Loss', 21, '15' as unknown as number, null),
        ],
      }),
      // aborted part-way: its values are not a step's values
      runOf(test, 'R-3', { result: -1, steps: [HEADER, row('Insertion Loss Max', 0.7, null, 1.5)] }),
    ];
    const ids: number[] = [];
    for (const upload of uploads) {
      const answer = await ok<{ run_id: number }>(api().post('/runner/runs', upload));
      ids.push(answer.run_id);
    }
    const expected = expectedRows(uploads.map((upload, i) => ({ id: ids[i]!, upload })));
    const rows = await stored();
    expect(rows).toEqual(expected);
    // what the definition leaves out, spelled out
    expect(rows.map((r) => [r.sn, r.title, r.value, r.lower, r.upper])).toEqual([
      ['R-1', 'Gain Max', 0.5, -3, 3],
      ['R-2', 'Gain Max', 0.5, -0.4, 0.4],
      ['R-1', 'Insertion Loss Max', 0.82, null, 1.5],
      ['R-2', 'Return Loss', 21, null, null],
    ]);
  });

  it('gives capability the roll-up values, counting the skipped row as without a number', async () => {
    const all = `start_time=${Date.parse('2025-11-01')}&stop_time=${Date.parse('2025-12-31')}&zone_offset=0`;
    const report = await ok<CapabilityReport>(
      api().get(`/report/capability?seq_id=${test.id}&step=Insertion%20Loss%20Max&${all}`),
    );
    expect(report).toMatchObject({ unit: 'dB', upper: 1.5, notNumeric: 1 });
    expect(report.figures.n).toBe(1);
    const gain = await ok<CapabilityReport>(
      api().get(`/report/capability?seq_id=${test.id}&step=Gain%20Max&${all}`),
    );
    expect(gain).toMatchObject({ lower: -0.4, upper: 0.4, limitsChanged: true, notNumeric: 0 });
  });

  it("fills the same rows from existing runs when migrated onto them (the migration's backfill)", async () => {
    const before = await stored();
    await redoMigration(t().dataSource, new RunStepValues1763857400000());
    expect(before.length).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  });
});
