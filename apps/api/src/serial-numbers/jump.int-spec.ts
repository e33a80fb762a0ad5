import type { Product } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, editorApi } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runRows } from '../runner/testing/runner-fixtures';

describeEachDatabase(
  'jump to stage (docs/requirements/serial-numbers.md#jump-to-stage, docs/requirements/serial-numbers.md#calls, docs/requirements/serial-numbers.md#messages)',
  (t) => {
    let manager: Member;
    let operator: Member;
    let stranger: Member;
    let line: Line;
    let other: Line;
    let empty: Product;
    const api = () => editorApi(t, operator);
    const jump = (body: object) => api().post('/sn_stage_history', body);
    const stages = (sn: string, productId = line.product.id) =>
      t().dataSource.query(
        `SELECT h.stage_no, h.reason, s.current_history_id = h.id AS current FROM sn_stage_history h
         JOIN serial_number s ON s.id = h.serial_number_id WHERE s.sn = $1 AND s.product_id = $2 ORDER BY h.id`,
        [sn, productId],
      );

    beforeAll(async () => {
      manager = await createManager(t());
      operator = await createMember(t(), manager.accountId, Role.Operator);
      stranger = await createManager(t());
      line = await productWithTests(editorApi(t, manager), 'Filter', [1, 2, 4]);
      other = await productWithTests(editorApi(t, manager), 'Duplexer', [1]);
      empty = await addProduct(editorApi(t, manager), 'Empty');
      await addSerialNumbers(api(), line.product.id, ['J-1', 'J-2', 'J-3', 'BOTH']);
      await addSerialNumbers(api(), other.product.id, ['K-1', 'BOTH']);
      await addSerialNumbers(api(), empty.id, ['E-1']);
    });

    it('writes a new entry at the stage and says so in msg', async () => {
      const res = await jump({ sn_array: ['J-1', 'J-2'], stage_no: 4, product_id: line.product.id });
      expect([res.status, res.body]).toEqual([
        201,
        {
          status: 1,
          msg: 'Serial numbers jumped to stage successfully',
          data: { productId: line.product.id, snArray: ['J-1', 'J-2'], stageNo: 4 },
        },
      ]);
      expect(await stages('J-1')).toEqual([
        { stage_no: 1, reason: 'add', current: false },
        { stage_no: 4, reason: 'jump', current: true },
      ]);
    });

    it("finds the product from the serial numbers when the spec's payload has none", async () => {
      const res = await jump({ sn_array: ['J-3'], stage_no: 2 });
      expect(res.body.data).toEqual({ productId: line.product.id, snArray: ['J-3'], stageNo: 2 });
      // jumping to the current stage starts a new visit: a retest
      await jump({ sn_array: ['J-3'], stage_no: 2 });
      expect((await stages('J-3')).map((h: { reason: string }) => h.reason)).toEqual(['add', 'jump', 'jump']);
    });

    it('refuses what it cannot place, changing nothing', async () => {
      const before = await runRows(t, manager.accountId!);
      const cases: [object, number, string][] = [
        [{ sn_array: [], stage_no: 1 }, 400, 'sn_array: No serial number selected'],
        [{ sn_array: ['J-1', 'J-1'], stage_no: 1 }, 400, 'sn_array[1]: J-1 duplicated'],
        [{ sn_array: ['J 1'], stage_no: 1 }, 400, 'sn_array[0]: Invalid character'],
        [{ sn_array: ['J-1', 'NOPE'], stage_no: 1 }, 404, 'Serial number NOPE not found'],
        [{ sn_array: ['j-1'], stage_no: 1 }, 404, 'Serial number j-1 not found'],
        [
          { sn_array: ['BOTH'], stage_no: 1 },
          400,
          'Serial number BOTH is in more than one product: choose the product (product_id)',
        ],
        [
          { sn_array: ['J-1', 'K-1'], stage_no: 1 },
          400,
          'The serial numbers are in more than one product: choose the product (product_id)',
        ],
        [
          { sn_array: ['K-1'], stage_no: 1, product_id: line.product.id },
          404,
          'Serial number K-1 not found in product Filter',
        ],
        [{ sn_array: ['J-1'], stage_no: 3 }, 400, 'stage_no: Product Filter has no stage 3'],
        [{ sn_array: ['E-1'], stage_no: 1 }, 400, 'No stage for selected product'],
        [{ sn_array: ['J-1'], stage_no: 0 }, 400, 'stage_no must not be less than 1'],
        [{ sn_array: ['J-1'], stage_no: 100 }, 400, 'stage_no must not be greater than 99'],
        [{ sn_array: ['J-1'], stage_no: 1.5 }, 400, 'stage_no must be an integer number'],
        [{ sn_array: ['J-1'], stage_no: '1' }, 400, 'stage_no must be an integer number'],
        [{ sn_array: ['J-1'] }, 400, 'stage_no must be an integer number'],
        [{ sn_array: ['J-1'], stage_no: 1, product_id: 999999 }, 404, 'Product not found'],
        [{ sn_array: ['J-1'], stage_no: 1, extra: 1 }, 400, 'extra: property extra should not exist'],
      ];
      for (const [body, status, msg] of cases) {
        const res = await jump(body);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });

    it('never reaches another account', async () => {
      const before = await runRows(t, manager.accountId!);
      const theirs = editorApi(t, stranger);
      expect((await theirs.post('/sn_stage_history', { sn_array: ['J-1'], stage_no: 1 })).body.msg).toBe(
        'Serial number J-1 not found',
      );
      const res = await theirs.post('/sn_stage_history', {
        sn_array: ['J-1'],
        stage_no: 1,
        product_id: line.product.id,
      });
      expect([res.status, res.body.msg]).toEqual([404, 'Product not found']);
      expect((await editorApi(t).post('/sn_stage_history', { sn_array: ['J-1'], stage_no: 1 })).status).toBe(
        401,
      );
      expect(await runRows(t, manager.accountId!)).toEqual(before);
    });
  },
);
