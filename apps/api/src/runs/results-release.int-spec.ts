import type { LatestRun, RunRelease, RunUploadAnswer, SnReport } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { Line, LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';

describeEachDatabase('results name the release each run was made with (issue 39)', (t) => {
  let manager: Member;
  let operator: Member;
  let line: Line;
  let test: LineTest;
  const api = () => editorApi(t, operator);
  // failed runs, so the unit stays at its stage for the next
  const upload = async (sn: string) =>
    (await ok<RunUploadAnswer>(api().post('/runner/runs', runOf(test, sn, { result: 0 })))).run_id;
  /** A release of the test as stored, whatever made it. */
  const storeRelease = (no: number, state: string, note: string, at: string) =>
    t().dataSource.query(
      `INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note, created_by_name, created_at)
       VALUES ($1, $2, $3, 1, '{"steps": [], "cals": []}', 'explicit', $4, $5, 'Mia Manager', $6)`,
      [manager.accountId, test.id, no, state, note, at],
    );
  const ranRelease = (runId: number, no: number | null) =>
    t().dataSource.query('UPDATE run SET release_no = $2 WHERE id = $1', [runId, no]);

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    line = await productWithTests(editorApi(t, manager), 'Released', [1]);
    test = line.tests[0]!;
    await addSerialNumbers(api(), line.product.id, ['REL-1']);
    // the test's releases are this spec's own: 5 and 7 released, 8 waiting for approval
    await t().dataSource.query('DELETE FROM seq_release WHERE seq_id = $1', [test.id]);
    await storeRelease(5, 'released', 'Wider pass band', '2026-11-20T09:00:00.000Z');
    await storeRelease(7, 'released', 'Tighter limits', '2026-11-28T10:00:00.000Z');
    await storeRelease(8, 'waiting', 'Not approved yet', '2026-11-28T11:00:00.000Z');
  });

  it('answers the release of a run, marks an older one by newestNo, and null for one before releases', async () => {
    const before = await upload('REL-1');
    const older = await upload('REL-1');
    const newest = await upload('REL-1');
    await ranRelease(before, null);
    await ranRelease(older, 5);
    await ranRelease(newest, 7);
    const expected: [number, RunRelease | null][] = [
      [newest, { no: 7, at: '2026-11-28T10:00:00.000Z', note: 'Tighter limits', newestNo: 7 }],
      // the waiting release 8 is not the newest: the runner does not run it
      [older, { no: 5, at: '2026-11-20T09:00:00.000Z', note: 'Wider pass band', newestNo: 7 }],
      [before, null],
    ];
    const { reports } = await ok<SnReport>(api().get('/report/sn?sn=REL-1&is_all=1'));
    expect(reports.map((r) => [r.runId, r.release])).toEqual(expected);
    // the spec's fields stay as they were, the release comes after them
    expect(Object.keys(reports[0]!).slice(-2)).toEqual(['steps', 'release']);
    const [everyProduct] = await ok<SnReport[]>(api().get('/report/sn/products?sn=REL-1&is_all=1'));
    expect(everyProduct!.reports.map((r) => [r.runId, r.release])).toEqual(expected);
    const latestOfTest = await ok<SnReport>(api().get('/report/sn?sn=REL-1'));
    expect(latestOfTest.reports.map((r) => [r.runId, r.release])).toEqual([expected[0]]);
    const latest = await ok<LatestRun[]>(api().get('/report/latest'));
    expect(latest.map((r) => [r.runId, r.release])).toEqual(expected);
  });

  it('a run naming a release the test no longer has answers null, not an error', async () => {
    const lost = await upload('REL-1');
    await ranRelease(lost, 99);
    const { reports } = await ok<SnReport>(api().get('/report/sn?sn=REL-1&is_all=1'));
    expect(reports.find((r) => r.runId === lost)!.release).toBeNull();
  });
});
