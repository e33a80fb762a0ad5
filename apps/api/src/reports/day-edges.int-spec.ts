import {
  controlPoints,
  dayRange,
  Role,
  type ControlChartReport,
  type DayCount,
  type FailedRun,
  type FailureParetoReport,
  type MeasuredStep,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import { insertAnalysisRuns, measured } from './testing/analysis-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';

/**
 * Issue 38: a day is [its first instant, the next day's first instant), not its first to its last
 * millisecond. A run stored at 23:59:59.9995 (PostgreSQL keeps microseconds) lies after the day's
 * last millisecond and before the next day: a BETWEEN of milliseconds left it out of both.
 */
const LAST_INSTANT = '2025-03-01T23:59:59.9995Z';

describeEachDatabase("day ranges hold a run in a day's last millisecond (issue 38)", (t) => {
  let operator: Member;
  let productId: number;
  let seqId: number;
  const day = (date: string) => {
    const r = dayRange(date, date, 0);
    return `start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`;
  };
  const get = <T>(path: string) => ok<T>(editorApi(t, operator).get(path));

  beforeAll(async () => {
    const manager = await createManager(t());
    operator = await createMember(t(), manager.accountId!, Role.Operator);
    productId = await insertProduct(t(), manager.accountId!, 'Edge');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final', 1, 1);
    await insertAnalysisRuns(t(), manager.accountId!, [
      {
        sn: 'E-1',
        productId,
        seqId,
        start: '2025-03-01T10:00:00Z',
        result: 1,
        version: 1,
        steps: [measured('Gain', 11, 10, 12)],
      },
      {
        sn: 'E-2',
        productId,
        seqId,
        start: LAST_INSTANT,
        result: 0,
        version: 1,
        steps: [measured('Gain', 14, 10, 12)],
      },
    ]);
  });

  it('stores the run with its microseconds (the case under test exists)', async () => {
    const [row] = await t().dataSource.query(
      `SELECT to_char(start_time AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS at FROM run WHERE sn = 'E-2'`,
    );
    expect(row.at).toBe('23:59:59.999500');
  });

  it('counts it in the failure Pareto and its runs of its own day, and not the next', async () => {
    const q = (date: string) => `product_id=${productId}&seq_id=${seqId}&${day(date)}`;
    const first = await get<FailureParetoReport>(`/report/failures?${q('2025-03-01')}&count=first`);
    expect(first.failedRuns).toBe(1);
    expect(first.bars.map((b) => [b.step, b.count])).toEqual([['Gain', 1]]);
    const runs = await get<FailedRun[]>(`/report/failures/runs?${q('2025-03-01')}&count=first&step=Gain`);
    expect(runs.map((r) => r.sn)).toEqual(['E-2']);
    const next = await get<FailureParetoReport>(`/report/failures?${q('2025-03-02')}&count=first`);
    expect(next).toMatchObject({ failedRuns: 0, bars: [] });
  });

  it("reads its value into the day's steps and control chart", async () => {
    const steps = await get<MeasuredStep[]>(`/report/steps?seq_id=${seqId}&${day('2025-03-01')}`);
    expect(steps).toEqual([{ title: 'Gain', unit: 'dB' }]);
    const control = await get<ControlChartReport>(
      `/report/control?seq_id=${seqId}&step=Gain&${day('2025-03-01')}`,
    );
    expect(controlPoints(control.points).map((p) => [p.sn, p.value])).toEqual([
      ['E-1', 11],
      ['E-2', 14],
    ]);
  });

  it("counts its unit among the day's tested units, and not the next day's", async () => {
    const count = (date: string) =>
      get<DayCount[]>(`/report/daily_test_unit_count?product_id=${productId}&${day(date)}`);
    await expect(count('2025-03-01')).resolves.toEqual([{ date: '2025-03-01', count: 2 }]);
    await expect(count('2025-03-02')).resolves.toEqual([{ date: '2025-03-02', count: 0 }]);
  });
});
