import request from 'supertest';
import { dayRange, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { ProductListItemDto } from './dto/reports.dto';
import { insertProduct, insertSeq } from './testing/report-fixtures';

const TIME_MSG = 'A time in epoch milliseconds, like 1732320000000';
const ZONE_MSG = 'zone_offset: Hours from UTC, from -12 to 14 in quarter hours, like 5.5';

describeEachDatabase('report calls: product list, roles, refusals (docs/requirements/reports.md)', (t) => {
  let manager: Member;
  let operator: Member;
  let seqId: number;
  let productId: number;
  const { start_time, stop_time } = dayRange('2025-03-01', '2025-03-31', 0);
  const march = `start_time=${start_time}&stop_time=${stop_time}&zone_offset=0`;
  const routes = () => [
    '/user/product_list',
    `/report/daily_test_unit_count?product_id=-1&${march}`,
    `/report/daily_pass_rate?seq_id=${seqId}&${march}`,
    `/report/sn_pass_yield?seq_id=${seqId}&is_first=1&${march}`,
  ];

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const acct = manager.accountId!;
    // names chosen so that code-point order of the lower-cased name differs from insertion order
    const zeta = await insertProduct(t(), acct, 'zeta');
    productId = await insertProduct(t(), acct, 'Alpha');
    const gone = await insertProduct(t(), acct, 'Gone');
    await insertSeq(t(), acct, productId, 'Final', 2, 1);
    seqId = await insertSeq(t(), acct, productId, 'Tune', 1, 2);
    await insertSeq(t(), acct, productId, 'Align', 1, 1);
    const deletedSeq = await insertSeq(t(), acct, productId, 'Old', 1, 3);
    await insertSeq(t(), acct, gone, 'Lost');
    await t().dataSource.query('UPDATE seq SET deleted_at = now() WHERE id = $1', [deletedSeq]);
    await t().dataSource.query('UPDATE product SET deleted_at = now() WHERE id = $1', [gone]);
    await t().dataSource.query(`UPDATE product SET model = 'Z1', info = 'spare' WHERE id = $1`, [zeta]);
    const stranger = await createManager(t());
    await insertProduct(t(), stranger.accountId!, 'Beta');
  });

  it('lists live products and their live tests in the editor order', async () => {
    const list = await ok<ProductListItemDto[]>(editorApi(t, operator).get('/user/product_list'));
    expect(
      list.map((p) => [p.name, p.model, p.info, p.seqs.map((s) => [s.name, s.stageNo, s.testNo])]),
    ).toEqual([
      [
        'Alpha',
        '',
        '',
        [
          ['Align', 1, 1],
          ['Tune', 1, 2],
          ['Final', 2, 1],
        ],
      ],
      ['zeta', 'Z1', 'spare', []],
    ]);
    expect(Object.keys(list[0]!)).toEqual(['id', 'name', 'model', 'info', 'seqs']);
    expect(Object.keys(list[0]!.seqs[0]!)).toEqual(['id', 'name', 'stageNo', 'testNo']);
    expect(list[0]!.seqs[1]!.id).toBe(seqId);
    const empty = await createManager(t());
    expect(await ok(editorApi(t, empty).get('/user/product_list'))).toEqual([]);
  });

  it('is open to every member: operator, editor, manager', async () => {
    const editor = await createMember(t(), manager.accountId, Role.Editor);
    for (const member of [operator, editor, manager]) {
      for (const path of routes()) expect((await editorApi(t, member).get(path)).body.status).toBe(1);
    }
  });

  it('refuses callers without a session (401) and the provider administrator (403)', async () => {
    const admin = await createMember(t(), null, Role.Admin);
    for (const path of routes()) {
      const anonymous = await editorApi(t).get(path);
      expect([anonymous.status, anonymous.body]).toEqual([
        401,
        { status: 0, msg: 'Please log in', data: null },
      ]);
      const res = await editorApi(t, admin).get(path);
      expect([res.status, res.body.msg]).toEqual([
        403,
        'Your role may not do this: it needs a member of the account',
      ]);
    }
  });

  it.each([
    [
      'no start_time',
      `/report/daily_test_unit_count?product_id=-1&stop_time=${stop_time}`,
      `start_time: ${TIME_MSG}`,
    ],
    [
      'a word',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=abc&stop_time=${stop_time}`,
      `start_time: ${TIME_MSG}`,
    ],
    [
      'a fraction',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=1.5&stop_time=${stop_time}`,
      `start_time: ${TIME_MSG}`,
    ],
    [
      'a negative time',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=-1&stop_time=${stop_time}`,
      `start_time: ${TIME_MSG}`,
    ],
    [
      'a huge time',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=1&stop_time=99999999999999`,
      `stop_time: ${TIME_MSG}`,
    ],
    [
      'a repeated time',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=1&start_time=2&stop_time=3`,
      `start_time: ${TIME_MSG}`,
    ],
    [
      'a reversed range',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=${stop_time}&stop_time=${start_time}`,
      'stop_time: The stop time is before the start time',
    ],
    [
      '401 days',
      `/report/daily_pass_rate?seq_id=SEQ&start_time=0&stop_time=${400 * 86_400_000}`,
      'stop_time: A report covers at most 400 days',
    ],
    [
      'an offset off the quarter hours',
      `/report/daily_pass_rate?seq_id=SEQ&${march.replace('zone_offset=0', 'zone_offset=5.1')}`,
      ZONE_MSG,
    ],
    [
      'an offset past +14',
      `/report/daily_pass_rate?seq_id=SEQ&${march.replace('zone_offset=0', 'zone_offset=14.25')}`,
      ZONE_MSG,
    ],
    [
      'an offset below -12',
      `/report/daily_pass_rate?seq_id=SEQ&${march.replace('zone_offset=0', 'zone_offset=-13')}`,
      ZONE_MSG,
    ],
    [
      'a word for an offset',
      `/report/daily_pass_rate?seq_id=SEQ&${march.replace('zone_offset=0', 'zone_offset=UTC')}`,
      ZONE_MSG,
    ],
    ['product 0', `/report/daily_test_unit_count?product_id=0&${march}`, 'product_id: Invalid id'],
    ['product -2', `/report/daily_test_unit_count?product_id=-2&${march}`, 'product_id: Invalid id'],
    ['no product', `/report/daily_test_unit_count?${march}`, 'product_id: Invalid id'],
    ['an id past int4', `/report/daily_pass_rate?seq_id=2147483648&${march}`, 'seq_id: Invalid id'],
    ['seq -1', `/report/sn_pass_yield?seq_id=-1&is_first=1&${march}`, 'seq_id: Invalid id'],
    [
      'is_first 2',
      `/report/sn_pass_yield?seq_id=SEQ&is_first=2&${march}`,
      'is_first: Either 1 (first-time pass yield) or 0 (throughput yield)',
    ],
    [
      'no is_first',
      `/report/sn_pass_yield?seq_id=SEQ&${march}`,
      'is_first: Either 1 (first-time pass yield) or 0 (throughput yield)',
    ],
    [
      'an unknown parameter',
      `/report/daily_pass_rate?seq_id=SEQ&${march}&product_id=1`,
      'product_id: property product_id should not exist',
    ],
  ])('refuses %s with 400', async (_case, path, msg) => {
    const res = await editorApi(t, operator).get(path.replace('SEQ', String(seqId)));
    expect([res.status, res.body]).toEqual([400, { status: 0, msg, data: null }]);
  });

  it('accepts 400 days and every quarter-hour offset form the browser sends', async () => {
    const api = editorApi(t, operator);
    const year = `start_time=0&stop_time=${400 * 86_400_000 - 1}`;
    expect(await ok<unknown[]>(api.get(`/report/daily_test_unit_count?product_id=-1&${year}`))).toHaveLength(
      400,
    );
    for (const zone of ['5.5', '-3.5', '5.75', '%2B9', '14', '-12', '12.75']) {
      const q = `start_time=${start_time}&stop_time=${stop_time}&zone_offset=${zone}`;
      expect(await ok(api.get(`/report/daily_pass_rate?seq_id=${seqId}&${q}`))).toEqual([]);
    }
  });

  it('documents the calls and their parameters in the OpenAPI document', async () => {
    const doc = (await request(t().http()).get('/webcyc/api/docs-json')).body;
    const params = (path: string) =>
      doc.paths[`/webcyc/api${path}`].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(params('/report/sn_pass_yield')).toEqual([
      'is_first',
      'seq_id',
      'start_time',
      'stop_time',
      'zone_offset',
    ]);
    expect(params('/report/daily_test_unit_count')).toEqual([
      'product_id',
      'start_time',
      'stop_time',
      'zone_offset',
    ]);
    for (const path of [
      '/user/product_list',
      '/report/bill',
      '/report/usage',
      '/report/accounts',
      '/version',
    ])
      expect(doc.paths[`/webcyc/api${path}`].get).toBeDefined();
  });

  it('answers 404 for deleted products and tests, and tests of deleted products', async () => {
    const api = editorApi(t, operator);
    const [gone] = await t().dataSource.query(`SELECT id FROM product WHERE name = 'Gone'`);
    const [old] = await t().dataSource.query(`SELECT id FROM seq WHERE name = 'Old'`);
    const [lost] = await t().dataSource.query(`SELECT id FROM seq WHERE name = 'Lost'`);
    const units = await api.get(`/report/daily_test_unit_count?product_id=${gone.id}&${march}`);
    expect([units.status, units.body.msg]).toEqual([404, 'Product not found']);
    for (const id of [old.id, lost.id, 999_999]) {
      const res = await api.get(`/report/sn_pass_yield?seq_id=${id}&is_first=0&${march}`);
      expect([res.status, res.body.msg]).toEqual([404, 'Test not found']);
    }
  });
});
