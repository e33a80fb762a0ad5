import {
  dailyPassRate,
  dailyTestedUnits,
  dayRange,
  firstTimePassYield,
  Role,
  throughputYield,
  Verdict,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, uploadRunAt } from '../runner/testing/runner-fixtures';
import { runRecords } from './testing/report-fixtures';

/**
 * The reports over runs stored by the runner's upload (POST /runner/runs), which keeps run.is_first:
 * late uploads with earlier start times and equal start times included.
 */
describeEachDatabase('daily reports over uploaded runs', (t) => {
  let manager: Member;
  let line: Line;

  beforeAll(async () => {
    manager = await createManager(t());
    const operator = await createMember(t(), manager.accountId, Role.Operator);
    line = await productWithTests(editorApi(t, manager), 'Line', [1, 1, 2]);
    const api = editorApi(t, operator);
    await addSerialNumbers(api, line.product.id, ['U-1', 'U-2', 'U-3', 'U-4']);
    const [a, b] = line.tests;
    const upload = (test: typeof a, sn: string, at: string, result: Verdict) =>
      uploadRunAt(api, test!, sn, at, result);
    await upload(a, 'U-1', '2025-11-20T23:30:00Z', Verdict.Failed);
    await upload(a, 'U-1', '2025-11-21T00:30:00Z', Verdict.Passed);
    await upload(a, 'U-2', '2025-11-21T10:00:00Z', Verdict.Passed);
    // from the runner's offline queue: it started first, so it is U-2's first run
    await upload(a, 'U-2', '2025-11-19T10:00:00Z', Verdict.Failed);
    await upload(a, 'U-3', '2025-11-21T05:00:00Z', Verdict.Passed);
    // the same start time: the abort is the first run
    await upload(a, 'U-3', '2025-11-21T05:00:00Z', Verdict.Aborted);
    await upload(b, 'U-4', '2025-11-21T12:00:00Z', Verdict.Failed);
    await upload(a, 'U-4', '2025-11-22T01:00:00Z', Verdict.Passed);
    await upload(b, 'U-1', '2025-11-22T02:00:00Z', Verdict.Passed);
  });

  it('marks first runs the way the definitions choose them', async () => {
    const firsts = await t().dataSource.query(
      `SELECT sn, result FROM run WHERE is_first AND seq_id = $1 ORDER BY sn`,
      [line.tests[0]!.id],
    );
    expect(firsts).toEqual([
      { sn: 'U-1', result: 0 },
      { sn: 'U-2', result: 0 },
      { sn: 'U-3', result: -1 },
      { sn: 'U-4', result: 1 },
    ]);
  });

  it.each([0, -5, 9, 5.5, -12, 14])('answers what the definitions give at offset %p', async (zone) => {
    const all = await runRecords(t(), manager.accountId!);
    const r = { startDate: '2025-11-18', stopDate: '2025-11-23', zoneOffset: zone };
    const { start_time, stop_time } = dayRange(r.startDate, r.stopDate, zone);
    const q = `start_time=${start_time}&stop_time=${stop_time}&zone_offset=${zone}`;
    const api = editorApi(t, manager);
    const productId = line.product.id;
    expect(await ok(api.get(`/report/daily_test_unit_count?product_id=${productId}&${q}`))).toEqual(
      dailyTestedUnits(all, { ...r, productId }),
    );
    for (const { id: seqId } of line.tests) {
      expect(await ok(api.get(`/report/daily_pass_rate?seq_id=${seqId}&${q}`))).toEqual(
        dailyPassRate(all, { ...r, seqId }),
      );
      expect(await ok(api.get(`/report/sn_pass_yield?seq_id=${seqId}&is_first=1&${q}`))).toEqual(
        firstTimePassYield(all, { ...r, seqId }),
      );
      expect(await ok(api.get(`/report/sn_pass_yield?seq_id=${seqId}&is_first=0&${q}`))).toEqual(
        throughputYield(all, { ...r, seqId }),
      );
    }
  });

  it('gives the hand-computed first-time yield at UTC', async () => {
    const { start_time, stop_time } = dayRange('2025-11-18', '2025-11-23', 0);
    const res = await ok(
      editorApi(t, manager).get(
        `/report/sn_pass_yield?seq_id=${line.tests[0]!.id}&is_first=1&start_time=${start_time}&stop_time=${stop_time}&zone_offset=0`,
      ),
    );
    // U-2's first run on 11-19 failed; U-1 (11-20) failed; U-3 (11-21) aborted; U-4 (11-22) passed
    expect(res).toEqual([
      { date: '2025-11-19', passRate: 0 },
      { date: '2025-11-20', passRate: 0 },
      { date: '2025-11-21', passRate: 0 },
      { date: '2025-11-22', passRate: 100 },
    ]);
  });
});
