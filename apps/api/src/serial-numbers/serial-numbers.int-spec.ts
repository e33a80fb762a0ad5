import type { Product, SnProduct, SnStageHistory } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf, runRows } from '../runner/testing/runner-fixtures';

describeEachDatabase(
  'serial numbers (docs/requirements/serial-numbers.md#add-dialog, docs/requirements/serial-numbers.md#calls)',
  (t) => {
    let manager: Member;
    let operator: Member;
    let stranger: Member;
    let line: Line;
    let empty: Product;
    const api = () => editorApi(t, operator);
    const listed = async (productId: number) =>
      (await ok<SnProduct[]>(api().get('/sn'))).find((p) => p.id === productId)!;
    const history = (sn: string) =>
      t().dataSource.query(
        `SELECT h.stage_no, h.reason, h.created_by_name FROM sn_stage_history h
         JOIN serial_number s ON s.id = h.serial_number_id WHERE s.sn = $1 ORDER BY h.id`,
        [sn],
      );

    beforeAll(async () => {
      manager = await createManager(t());
      operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
      stranger = await createManager(t());
      line = await productWithTests(editorApi(t, manager), 'Filter', [3, 5, 3]);
      empty = await addProduct(editorApi(t, manager), 'Empty');
    });

    it('lists every product with its tests, serial numbers (code-point order) and stages', async () => {
      await addSerialNumbers(api(), line.product.id, ['b-2', 'B-10', 'A-1']);
      const products = await ok<SnProduct[]>(api().get('/sn'));
      // docs/requirements/products.md#product-fields: the product of these screens holds its seqs, each with id and name
      const [t1, t2, t3] = line.tests;
      expect(products).toEqual([
        { id: empty.id, name: 'Empty', model: '', info: '', seqs: [], snArray: [], stageArray: [] },
        {
          id: line.product.id,
          name: 'Filter',
          model: '',
          info: '',
          seqs: [
            { id: t1!.id, name: 'Filter T1', stageNo: 3, testNo: 1 },
            { id: t3!.id, name: 'Filter T3', stageNo: 3, testNo: 3 },
            { id: t2!.id, name: 'Filter T2', stageNo: 5, testNo: 2 },
          ],
          snArray: ['A-1', 'B-10', 'b-2'],
          stageArray: [3, 5],
        },
      ]);
      expect(await ok(editorApi(t, stranger).get('/sn'))).toEqual([]);
    });

    it('adds serial numbers at the lowest stage, whole, and answers them', async () => {
      const res = await api().post('/sn', { product_id: line.product.id, sn_array: ['C-1', 'c-1'] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        status: 1,
        msg: '',
        data: { productId: line.product.id, snArray: ['C-1', 'c-1'], stageNo: 3 },
      });
      expect(await history('c-1')).toEqual([
        { stage_no: 3, reason: 'add', created_by_name: 'Olive Operator' },
      ]);
      const [row] = await t().dataSource.query(
        `SELECT h.stage_no FROM serial_number s JOIN sn_stage_history h ON h.id = s.current_history_id WHERE s.sn = 'C-1'`,
      );
      expect(row.stage_no).toBe(3);
    });

    it('takes serial numbers for a product without tests, without a stage yet', async () => {
      expect(await addSerialNumbers(api(), empty.id, ['E-1'])).toEqual({
        productId: empty.id,
        snArray: ['E-1'],
        stageNo: null,
      });
      expect(await history('E-1')).toEqual([]);
    });

    it('takes 1000 at once; the same serial number may be in two products', async () => {
      const many = Array.from({ length: 1000 }, (_, i) => `M${String(i).padStart(4, '0')}`);
      await addSerialNumbers(api(), line.product.id, many);
      await addSerialNumbers(api(), empty.id, ['A-1']);
      expect((await listed(line.product.id)).snArray).toHaveLength(1005);
    });

    it('refuses bad lists, taken serial numbers and foreign products, storing nothing', async () => {
      const before = await runRows(t, manager.accountId!);
      const add = (body: object) => api().post('/sn', body);
      const cases: [object, number, string][] = [
        [{ product_id: line.product.id, sn_array: [] }, 400, 'sn_array: Enter serial number'],
        [{ product_id: line.product.id, sn_array: ['N-1', ''] }, 400, 'sn_array[1]: Remove empty lines'],
        // a line of spaces is an empty line (docs/requirements/serial-numbers.md#add-dialog), as the dialog says
        [{ product_id: line.product.id, sn_array: ['N-1', '   '] }, 400, 'sn_array[1]: Remove empty lines'],
        [{ product_id: line.product.id, sn_array: ['N-1', 'N 2'] }, 400, 'sn_array[1]: Invalid character'],
        [
          { product_id: line.product.id, sn_array: ['N'.repeat(65)] },
          400,
          'sn_array[0]: No more than 64 characters',
        ],
        [
          { product_id: line.product.id, sn_array: ['N-1', 'N-2', 'N-1'] },
          400,
          'sn_array[2]: N-1 duplicated',
        ],
        [
          { product_id: line.product.id, sn_array: Array.from({ length: 1001 }, (_, i) => `N${i}`) },
          400,
          'sn_array: No more than 1000 serial numbers',
        ],
        [
          { product_id: line.product.id, sn_array: ['N-1', 'A-1'] },
          409,
          'Serial number A-1 already exists in product Filter',
        ],
        [{ product_id: 999999, sn_array: ['N-1'] }, 404, 'Product not found'],
        [
          { product_id: line.product.id, sn_array: [5] },
          400,
          'sn_array: each value in sn_array must be a string',
        ],
        [{ product_id: line.product.id, sn_array: 'N-1' }, 400, 'sn_array must be an array'],
        [{ product_id: '1', sn_array: ['N-1'] }, 400, 'product_id must be an integer number'],
        [
          { product_id: line.product.id, sn_array: ['N-1'], extra: 1 },
          400,
          'extra: property extra should not exist',
        ],
      ];
      for (const [body, status, msg] of cases) {
        const res = await add(body);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      const theirs = await addProduct(editorApi(t, stranger), 'Theirs');
      const res = await editorApi(t, operator).post('/sn', { product_id: theirs.id, sn_array: ['N-1'] });
      expect([res.status, res.body]).toEqual([404, { status: 0, msg: 'Product not found', data: null }]);
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });

    it('deletes serial numbers without results, with their history', async () => {
      await addSerialNumbers(api(), line.product.id, ['D-1', 'D-2', 'D-3']);
      const res = await api().delete('/sn', { product_id: line.product.id, sn_array: ['D-1', 'D-3'] });
      expect([res.status, res.body]).toEqual([200, { status: 1, msg: '', data: null }]);
      expect((await listed(line.product.id)).snArray.filter((sn) => sn.startsWith('D'))).toEqual(['D-2']);
      expect(await history('D-1')).toEqual([]);
    });

    it('refuses to delete a serial number with results, unknown ones, and bad lists, deleting none', async () => {
      await addSerialNumbers(api(), line.product.id, ['R-1', 'R-2']);
      await ok(api().post('/runner/runs', runOf(line.tests[0]!, 'R-2')));
      const before = await runRows(t, manager.accountId!);
      const del = (body: object) => api().delete('/sn', body);
      const cases: [object, number, string][] = [
        [
          { product_id: line.product.id, sn_array: ['R-1', 'R-2'] },
          409,
          'Serial number R-2 has test results and cannot be deleted',
        ],
        [
          { product_id: line.product.id, sn_array: ['R-1', 'Z-9'] },
          404,
          'Serial number Z-9 not found in product Filter',
        ],
        [{ product_id: empty.id, sn_array: ['R-1'] }, 404, 'Serial number R-1 not found in product Empty'],
        [{ product_id: line.product.id, sn_array: [] }, 400, 'sn_array: No serial number selected'],
        [{ product_id: line.product.id, sn_array: ['R-1', 'R-1'] }, 400, 'sn_array[1]: R-1 duplicated'],
        [{ sn_array: ['R-1'] }, 400, 'product_id must be an integer number'],
      ];
      for (const [body, status, msg] of cases) {
        const res = await del(body);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      const res = await editorApi(t, stranger).delete('/sn', {
        product_id: line.product.id,
        sn_array: ['R-1'],
      });
      expect([res.status, res.body.msg]).toEqual([404, 'Product not found']);
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });

    it('answers the stage visits of a serial number, newest first (ours)', async () => {
      await addSerialNumbers(api(), line.product.id, ['H-1']);
      await ok(
        api().post('/sn_stage_history', { sn_array: ['H-1'], stage_no: 5, product_id: line.product.id }),
      );
      const answer = await ok<SnStageHistory>(api().get(`/sn/history?product_id=${line.product.id}&sn=H-1`));
      expect(answer).toMatchObject({ productId: line.product.id, sn: 'H-1', stageNo: 5, finished: false });
      expect(answer.entries.map((e) => [e.stageNo, e.reason, e.createdByName])).toEqual([
        [5, 'jump', 'Olive Operator'],
        [3, 'add', 'Olive Operator'],
      ]);
      expect(Number.isNaN(Date.parse(answer.entries[0]!.createdAt))).toBe(false);
      expect(await ok(api().get(`/sn/history?product_id=${empty.id}&sn=E-1`))).toEqual({
        productId: empty.id,
        sn: 'E-1',
        stageNo: null,
        finished: false,
        entries: [],
      });
      const refusals: [string, number, string][] = [
        [`/sn/history?product_id=${line.product.id}&sn=`, 400, 'sn: Enter serial number'],
        [
          `/sn/history?product_id=${line.product.id}&sn=NOPE`,
          404,
          'Serial number NOPE not found in product Filter',
        ],
        ['/sn/history?product_id=x&sn=H-1', 400, 'product_id: Invalid id'],
        [`/sn/history?sn=H-1`, 400, 'product_id: Invalid id'],
      ];
      for (const [url, status, msg] of refusals) {
        const res = await api().get(url);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      const theirs = await editorApi(t, stranger).get(`/sn/history?product_id=${line.product.id}&sn=H-1`);
      expect([theirs.status, theirs.body.msg]).toEqual([404, 'Product not found']);
    });

    it('is for signed-in members of an account', async () => {
      const admin = await createMember(t(), null, Role.Admin);
      const before = await runRows(t, manager.accountId!);
      const body = { product_id: line.product.id, sn_array: ['X-1'] };
      expect((await editorApi(t).get('/sn')).status).toBe(401);
      expect((await editorApi(t).post('/sn', body)).body).toEqual({
        status: 0,
        msg: 'Please log in',
        data: null,
      });
      expect((await editorApi(t).delete('/sn', body)).status).toBe(401);
      expect((await editorApi(t, admin).get('/sn')).status).toBe(403);
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });
  },
);
