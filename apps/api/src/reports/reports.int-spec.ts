import type { DayCount, DayRate } from '@sweepline/domain';
import { dayRange, Role, Verdict } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { FixtureRun } from './testing/report-fixtures';
import { insertProduct, insertRuns, insertSeq } from './testing/report-fixtures';

const { Passed: P, Failed: F, Aborted: A } = Verdict;

/**
 * The hand-computed fixture (docs/api/reports.md, "The fixture"): every expected figure below was
 * worked out on paper from this table, not by the code under test. Times are UTC.
 */
function fixture(ids: { p1: number; p2: number; t1: number; t2: number; u1: number }): FixtureRun[] {
  const run = (sn: string, productId: number, seqId: number, start: string, result: Verdict) => ({
    sn,
    productId,
    seqId,
    start,
    result,
  });
  const { p1, p2, t1, t2, u1 } = ids;
  return [
    run('A-1', p1, t1, '2025-03-10T09:00:00Z', F), // 1: A-1's first run of T1 fails
    run('A-1', p1, t1, '2025-03-10T10:00:00Z', P), // 2: retest the same day passes
    run('A-2', p1, t1, '2025-03-10T12:00:00Z', P), // 3: first pass
    run('A-3', p1, t1, '2025-03-10T13:00:00Z', A), // 4: first run aborted
    run('A-3', p1, t1, '2025-03-10T14:00:00Z', F), // 5
    run('A-4', p1, t1, '2025-03-01T10:00:00Z', F), // 6: first run long before the range
    run('A-4', p1, t1, '2025-03-11T10:00:00Z', P), // 7: a retest, never a first run
    run('A-5', p1, t1, '2025-03-11T03:00:00Z', P), // 8: 03-10 at -5, 03-11 at 0, +9 and 5.5
    run('A-6', p1, t1, '2025-03-11T18:29:59.999Z', F), // 9: last ms of 03-11 at 5.5; 03-12 at +9
    run('A-6', p1, t1, '2025-03-11T18:30:00Z', P), // 10: first ms of 03-12 at 5.5
    run('A-7', p1, t1, '2025-03-12T16:00:00Z', A), // 11: only an abort; 03-13 at +9
    run('A-1', p1, t2, '2025-03-12T08:00:00Z', P), // 12: another test of the product
    run('B-1', p2, u1, '2025-03-10T09:30:00Z', P), // 13: another product
    run('A-8', p1, t1, '2025-03-09T16:00:00Z', P), // 14: 03-09 at 0, -5 and 5.5; 03-10 at +9
    run('A-1', p2, u1, '2025-03-10T11:00:00Z', F), // 15: the same sn in another product: another unit
    run('A-9', p1, t1, '2025-03-12T09:00:00Z', P), // 16: two first runs at once: the fail counts
    run('A-9', p1, t1, '2025-03-12T09:00:00Z', F), // 17
  ];
}

const counts = (first: string, ...n: number[]): DayCount[] =>
  n.map((count, i) => ({ date: `2025-03-${String(Number(first) + i).padStart(2, '0')}`, count }));
const rates = (list: [string, number][]): DayRate[] =>
  list.map(([d, passRate]) => ({ date: `2025-03-${d}`, passRate }));

describeEachDatabase('daily reports on a hand-computed fixture (docs/requirements/reports.md)', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let ids: { p1: number; p2: number; t1: number; t2: number; u1: number };
  let strangerSeq: number;
  let strangerProduct: number;
  const api = () => editorApi(t, operator);
  const range = (from: string, to: string, zone: number) => {
    const { start_time, stop_time } = dayRange(`2025-03-${from}`, `2025-03-${to}`, zone);
    return `start_time=${start_time}&stop_time=${stop_time}&zone_offset=${zone}`;
  };
  const units = (product: number, q: string) =>
    ok<DayCount[]>(api().get(`/report/daily_test_unit_count?product_id=${product}&${q}`));
  const passRate = (seq: number, q: string) =>
    ok<DayRate[]>(api().get(`/report/daily_pass_rate?seq_id=${seq}&${q}`));
  const yieldOf = (seq: number, isFirst: 0 | 1, q: string) =>
    ok<DayRate[]>(api().get(`/report/sn_pass_yield?seq_id=${seq}&is_first=${isFirst}&${q}`));

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    stranger = await createManager(t());
    const acct = manager.accountId!;
    const p1 = await insertProduct(t(), acct, 'Filter');
    const p2 = await insertProduct(t(), acct, 'Duplexer');
    ids = {
      p1,
      p2,
      t1: await insertSeq(t(), acct, p1, 'Pass band', 1, 1),
      t2: await insertSeq(t(), acct, p1, 'Stop band', 1, 2),
      u1: await insertSeq(t(), acct, p2, 'Isolation', 1, 1),
    };
    await insertRuns(t(), acct, fixture(ids));
    // another account tests on the same days, with the same serial numbers: it never counts
    strangerProduct = await insertProduct(t(), stranger.accountId!, 'Filter');
    strangerSeq = await insertSeq(t(), stranger.accountId!, strangerProduct, 'Pass band');
    await insertRuns(
      t(),
      stranger.accountId!,
      ['A-1', 'A-2', 'Z-1'].map((sn) => ({
        sn,
        productId: strangerProduct,
        seqId: strangerSeq,
        start: '2025-03-10T12:00:00Z',
        result: F,
      })),
    );
  });

  it('counts tested units per local day, every day included, at UTC', async () => {
    expect(await units(-1, range('10', '12', 0))).toEqual(counts('10', 5, 3, 3));
    expect(await units(ids.p1, range('10', '12', 0))).toEqual(counts('10', 3, 3, 3));
    expect(await units(ids.p2, range('10', '12', 0))).toEqual(counts('10', 2, 0, 0));
    expect(await units(-1, range('08', '13', 0))).toEqual(counts('08', 0, 1, 5, 3, 3, 0));
  });

  it('moves runs to the local day of the zone offset: -5, +9 and 5.5', async () => {
    expect(await units(-1, range('10', '12', -5))).toEqual(counts('10', 6, 2, 3));
    expect(await units(ids.p1, range('10', '12', -5))).toEqual(counts('10', 4, 2, 3));
    expect(await units(-1, range('10', '12', 9))).toEqual(counts('10', 6, 2, 3));
    expect(await units(ids.p1, range('10', '12', 9))).toEqual(counts('10', 4, 2, 3));
    expect(await units(-1, range('10', '12', 5.5))).toEqual(counts('10', 5, 3, 4));
    expect(await units(ids.p1, range('10', '12', 5.5))).toEqual(counts('10', 3, 3, 4));
  });

  it('gives the daily pass rate without aborted runs, leaving out days without runs', async () => {
    expect(await passRate(ids.t1, range('08', '13', 0))).toEqual(
      rates([
        ['09', 100],
        ['10', 50],
        ['11', 75],
        ['12', 50],
      ]),
    );
    expect(await passRate(ids.t1, range('10', '12', -5))).toEqual(
      rates([
        ['10', 60],
        ['11', 66.67],
        ['12', 50],
      ]),
    );
    expect(await passRate(ids.t1, range('10', '12', 9))).toEqual(
      rates([
        ['10', 60],
        ['11', 100],
        ['12', 50],
      ]),
    );
    expect(await passRate(ids.t1, range('10', '12', 5.5))).toEqual(
      rates([
        ['10', 50],
        ['11', 66.67],
        ['12', 66.67],
      ]),
    );
    // 03-13 at +9 holds only A-7's aborted run
    expect(await passRate(ids.t1, range('13', '13', 9))).toEqual([]);
  });

  it('gives the first-time pass yield: aborted first runs fail, ties take the fail, earlier firsts never count', async () => {
    expect(await yieldOf(ids.t1, 1, range('08', '13', 0))).toEqual(
      rates([
        ['09', 100],
        ['10', 33.33],
        ['11', 50],
        ['12', 0],
      ]),
    );
    expect(await yieldOf(ids.t1, 1, range('10', '12', -5))).toEqual(
      rates([
        ['10', 50],
        ['11', 0],
        ['12', 0],
      ]),
    );
    expect(await yieldOf(ids.t1, 1, range('10', '12', 9))).toEqual(
      rates([
        ['10', 50],
        ['11', 100],
        ['12', 0],
      ]),
    );
    expect(await yieldOf(ids.t1, 1, range('10', '12', 5.5))).toEqual(
      rates([
        ['10', 33.33],
        ['11', 50],
        ['12', 0],
      ]),
    );
    expect(await yieldOf(ids.t1, 1, range('13', '13', 9))).toEqual(rates([['13', 0]]));
  });

  it('gives the throughput yield: units with a passing run that day, aborted-only units counted', async () => {
    expect(await yieldOf(ids.t1, 0, range('08', '13', 0))).toEqual(
      rates([
        ['09', 100],
        ['10', 66.67],
        ['11', 100],
        ['12', 50],
      ]),
    );
    expect(await yieldOf(ids.t1, 0, range('10', '12', -5))).toEqual(
      rates([
        ['10', 75],
        ['11', 100],
        ['12', 50],
      ]),
    );
    expect(await yieldOf(ids.t1, 0, range('10', '12', 9))).toEqual(
      rates([
        ['10', 75],
        ['11', 100],
        ['12', 100],
      ]),
    );
    expect(await yieldOf(ids.t1, 0, range('10', '12', 5.5))).toEqual(
      rates([
        ['10', 66.67],
        ['11', 66.67],
        ['12', 66.67],
      ]),
    );
    expect(await yieldOf(ids.t1, 0, range('13', '13', 9))).toEqual(rates([['13', 0]]));
  });

  it('takes whole local days from instants inside them', async () => {
    const inside = `start_time=${Date.parse('2025-03-10T15:00:00Z')}&stop_time=${Date.parse('2025-03-12T01:00:00Z')}`;
    expect(await units(-1, `${inside}&zone_offset=0`)).toEqual(counts('10', 5, 3, 3));
    // zone_offset defaults to 0
    expect(await units(-1, inside)).toEqual(counts('10', 5, 3, 3));
  });

  it('reports only the caller account: other ids are 404, its runs never count', async () => {
    const q = range('10', '12', 0);
    for (const path of [
      `/report/daily_test_unit_count?product_id=${strangerProduct}&${q}`,
      `/report/daily_pass_rate?seq_id=${strangerSeq}&${q}`,
      `/report/sn_pass_yield?seq_id=${strangerSeq}&is_first=1&${q}`,
    ]) {
      const res = await api().get(path);
      expect([res.status, res.body]).toEqual([
        404,
        { status: 0, msg: path.includes('product_id') ? 'Product not found' : 'Test not found', data: null },
      ]);
    }
    const own = editorApi(t, stranger);
    expect(await ok(own.get(`/report/daily_test_unit_count?product_id=-1&${q}`))).toEqual(
      counts('10', 3, 0, 0),
    );
    expect(await ok(own.get(`/report/daily_pass_rate?seq_id=${strangerSeq}&${q}`))).toEqual(
      rates([['10', 0]]),
    );
  });
});
