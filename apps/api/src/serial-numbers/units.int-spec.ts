import type { Product, SnUnit } from '@sweepline/domain';
import { Role, Verdict } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, uploadRunAt } from '../runner/testing/runner-fixtures';
import { productWithTests } from '../runner/testing/runner-fixtures';

/** GET /sn/units (ours; issue 38: the serial-number list shows each unit's stage and latest result). */
describeEachDatabase("the serial numbers' stage and latest result (GET /sn/units)", (t) => {
  let operator: Member;
  let stranger: Member;
  let line: Line;
  let bare: Product;
  const units = (member: Member, productId: number | string) =>
    editorApi(t, member).get(`/sn/units?product_id=${productId}`);

  beforeAll(async () => {
    const manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    stranger = await createManager(t());
    line = await productWithTests(editorApi(t, manager), 'Filter', [1, 2]);
    bare = await addProduct(editorApi(t, manager), 'Bare');
    const api = editorApi(t, operator);
    await addSerialNumbers(api, line.product.id, ['U-3', 'U-1', 'U-2', 'u-0']);
    await addSerialNumbers(api, bare.id, ['B-1']);
    const [first, second] = line.tests;
    // U-1 passes stage 1 and fails stage 2; U-2 fails stage 1 then passes it (a retest); U-3 finishes
    await uploadRunAt(api, first!, 'U-1', '2025-11-01T08:00:00Z', Verdict.Passed);
    await uploadRunAt(api, second!, 'U-1', '2025-11-01T09:00:00Z', Verdict.Failed);
    await uploadRunAt(api, first!, 'U-2', '2025-11-01T08:00:00Z', Verdict.Failed);
    await uploadRunAt(api, first!, 'U-2', '2025-11-01T08:30:00Z', Verdict.Passed);
    await uploadRunAt(api, first!, 'U-3', '2025-11-01T08:00:00Z', Verdict.Passed);
    await uploadRunAt(api, second!, 'U-3', '2025-11-01T10:00:00Z', Verdict.Aborted);
    await uploadRunAt(api, second!, 'U-3', '2025-11-01T10:05:00Z', Verdict.Passed);
  });

  it('lists every serial number in code-point order with its stage and latest run', async () => {
    const [first, second] = line.tests;
    const list = await ok<SnUnit[]>(units(operator, line.product.id));
    expect(list).toEqual([
      {
        sn: 'U-1',
        stageNo: 2,
        finished: false,
        latest: { result: Verdict.Failed, startTime: '2025-11-01T09:00:00.000Z', seqName: second!.name },
      },
      {
        sn: 'U-2',
        stageNo: 2,
        finished: false,
        latest: { result: Verdict.Passed, startTime: '2025-11-01T08:30:00.000Z', seqName: first!.name },
      },
      {
        sn: 'U-3',
        stageNo: null,
        finished: true,
        latest: { result: Verdict.Passed, startTime: '2025-11-01T10:05:00.000Z', seqName: second!.name },
      },
      { sn: 'u-0', stageNo: 1, finished: false, latest: null },
    ]);
  });

  it('places a serial number of a product without tests nowhere yet', async () => {
    await expect(ok<SnUnit[]>(units(operator, bare.id))).resolves.toEqual([
      { sn: 'B-1', stageNo: null, finished: false, latest: null },
    ]);
  });

  it("refuses a bad id, and answers 404 for another account's product", async () => {
    const bad = await units(operator, 'x');
    expect([bad.status, bad.body.msg]).toEqual([400, 'product_id: Invalid id']);
    expect((await units(stranger, line.product.id)).status).toBe(404);
  });
});
