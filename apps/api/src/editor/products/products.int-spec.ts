import type { Product } from '@sweepline/domain';
import { ActionId } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { createManager } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import {
  addProduct,
  addSeq,
  addStep,
  API,
  createEditorMembers,
  editorApi,
  editorRows,
  ok,
} from '../testing/editor-api';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachDatabase('products (docs/requirements/products.md#calls)', (t) => {
  let manager: Member, editor: Member, operator: Member, stranger: Member;
  const api = () => editorApi(t, editor);

  beforeAll(async () => {
    ({ manager, editor, operator, stranger } = await createEditorMembers(t()));
  });

  it('adds a product and answers it with its audit fields and no tests', async () => {
    const product = await addProduct(api(), '  Filter F-200 ', ' F200 ', 'Band-pass filter');
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Filter F-200',
      model: 'F200',
      info: 'Band-pass filter',
      createUserName: 'Erin Editor',
      createTime: expect.stringMatching(ISO),
      updateUserName: 'Erin Editor',
      updateTime: expect.stringMatching(ISO),
      seqs: [],
    });
  });

  it('takes model and info as optional', async () => {
    const product = await ok<Product>(api().post('/product', { name: 'Bare' }));
    expect(product).toMatchObject({ name: 'Bare', model: '', info: '' });
  });

  it('lists the live products by name without case, each test with its steps and calibrations', async () => {
    const owner = await createManager(t());
    const mine = editorApi(t, owner);
    const beta = await addProduct(mine, 'beta');
    await addProduct(mine, 'Alpha');
    await addProduct(mine, 'Charlie');
    const second = await addSeq(mine, beta.id, 'Second');
    const first = await addSeq(mine, beta.id, 'First', -1);
    const seqArray = [
      { seq_id: first.id, stage_no: 1, test_no: 1 },
      { seq_id: second.id, stage_no: 2, test_no: 1 },
    ];
    await ok(mine.put(`/product/process_control/${beta.id}`, { seq_array: seqArray }));
    await addStep(mine, first.id, ActionId.Delay);
    await addStep(mine, first.id, ActionId.Prompt, { name: 'Connect the DUT' });

    const res = await mine.get('/user/edit');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    const products = res.body.data as Product[];
    expect(products.map((p) => p.name)).toEqual(['Alpha', 'beta', 'Charlie']);
    const listed = products[1]!;
    expect(listed.seqs.map((s) => [s.name, s.stageNo, s.testNo])).toEqual([
      ['First', 1, 1],
      ['Second', 2, 1],
    ]);
    expect(listed.seqs[0]).toEqual({
      id: first.id,
      name: 'First',
      stageNo: 1,
      testNo: 1,
      isCompleted: false,
      cals: [],
      createUserName: expect.any(String),
      createTime: expect.stringMatching(ISO),
      updateUserName: expect.any(String),
      updateTime: expect.stringMatching(ISO),
      steps: [
        {
          id: expect.any(Number),
          name: 'Connect the DUT',
          isDefaultName: false,
          instrumentId: 0,
          actionId: ActionId.Prompt,
          param: { value: '' },
          isCompleted: false,
          errors: ['Text: Empty input'],
        },
        expect.objectContaining({
          name: 'Delay 0 s',
          actionId: ActionId.Delay,
          isCompleted: true,
          errors: [],
        }),
      ],
    });
  });

  it('lets an operator read the products but not change them', async () => {
    const asOperator = editorApi(t, operator);
    const list = await ok<Product[]>(asOperator.get('/user/edit'));
    expect(list.map((p) => p.name)).toContain('Filter F-200');
    const before = await editorRows(t, manager.accountId!);
    const res = await asOperator.post('/product', { name: 'Not mine to add' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      status: 0,
      msg: 'Your role may not do this: it needs an editor or the manager',
      data: null,
    });
    const [product] = list;
    expect((await asOperator.put(`/product/${product!.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await asOperator.delete(`/product/${product!.id}`)).status).toBe(403);
    expect(await editorRows(t, manager.accountId!)).toEqual(before);
  });

  it('lets the manager edit too', async () => {
    const product = await addProduct(editorApi(t, manager), 'By the manager');
    expect(product.createUserName).toBe(manager.name);
  });

  it('answers 401 without a session', async () => {
    const anonymous = editorApi(t);
    expect((await anonymous.get('/user/edit')).status).toBe(401);
    const res = await anonymous.post('/product', { name: 'X' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 0, msg: 'Please log in', data: null });
  });

  it.each([
    [{ name: '' }, 'name: Empty input'],
    [{ name: '   ' }, 'name: Empty input'],
    [{ name: 'A/B' }, 'name: Invalid character'],
    [{ name: 'x'.repeat(101) }, 'name: No more than 100 characters'],
    [{ name: 'Ok', model: 'm'.repeat(101) }, 'model: No more than 100 characters'],
    [{ name: 'Ok', info: 'i'.repeat(201) }, 'info: No more than 200 characters'],
    [{ name: 5 }, 'name must be a string'],
    [{ model: 'no name' }, 'name must be a string'],
    [{ name: 'Ok', model: 7 }, 'model must be a string'],
    [{ name: 'Ok', colour: 'red' }, 'colour: property colour should not exist'],
  ])('refuses %j with %s and changes nothing', async (body, msg) => {
    const before = await editorRows(t, manager.accountId!);
    const res = await api().post('/product', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, msg, data: null });
    expect(await editorRows(t, manager.accountId!)).toEqual(before);
  });

  it('refuses malformed and oversized bodies', async () => {
    const before = await editorRows(t, manager.accountId!);
    const broken = await api().post('/product', '{"name":').set('content-type', 'application/json');
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toBe('The request body is not valid JSON');
    const huge = await api().post('/product', { name: 'Huge', info: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toBe('The request body is too large');
    expect(await editorRows(t, manager.accountId!)).toEqual(before);
  });

  it('refuses a second live product of the same name, whatever its case', async () => {
    await addProduct(api(), 'Coupler C-1');
    const before = await editorRows(t, manager.accountId!);
    const res = await api().post('/product', { name: 'coupler c-1 ' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 0, msg: 'A product named coupler c-1 already exists', data: null });
    expect(await editorRows(t, manager.accountId!)).toEqual(before);
  });

  it('adds one product when the same name is added several times at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => api().post('/product', { name: 'Race' })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(replies.find((r) => r.status === 409)!.body.msg).toBe('A product named Race already exists');
  });

  it('lets two accounts use the same name', async () => {
    await addProduct(editorApi(t, stranger), 'Coupler C-1');
  });

  it('soft-deletes a product, hiding it and its tests, and restores both when the name is added again', async () => {
    const product = await addProduct(api(), 'Cable K-9', 'old model');
    const seq = await addSeq(api(), product.id, 'Return loss');
    await addStep(api(), seq.id, ActionId.Delay);
    expect(await ok(api().delete(`/product/${product.id}`))).toBeNull();
    const [row] = await t().dataSource.query('SELECT deleted_at FROM product WHERE id = $1', [product.id]);
    expect(row.deleted_at).toBeInstanceOf(Date);
    const list = await ok<Product[]>(api().get('/user/edit'));
    expect(list.some((p) => p.id === product.id)).toBe(false);
    expect(list.flatMap((p) => p.seqs).some((s) => s.id === seq.id)).toBe(false);
    expect((await api().delete(`/product/${product.id}`)).status).toBe(404);

    const restored = await addProduct(api(), 'CABLE k-9', 'new model', 'back');
    expect(restored).toMatchObject({ id: product.id, name: 'CABLE k-9', model: 'new model', info: 'back' });
    expect(restored.seqs).toEqual([expect.objectContaining({ id: seq.id, name: 'Return loss' })]);
    expect(restored.seqs[0]!.steps).toEqual([expect.objectContaining({ name: 'Delay 0 s' })]);
  });

  it('renames a product and answers it with its tests', async () => {
    const product = await addProduct(api(), 'Isolator');
    await addSeq(api(), product.id, 'Isolation');
    const renamed = await ok<Product>(
      api().put(`/product/${product.id}`, { name: 'ISOLATOR', model: 'I-1', info: '' }),
    );
    expect(renamed).toMatchObject({
      id: product.id,
      name: 'ISOLATOR',
      model: 'I-1',
      updateUserName: 'Erin Editor',
    });
    expect(renamed.seqs.map((s) => s.name)).toEqual(['Isolation']);
  });

  it('refuses a rename onto another product, live or deleted', async () => {
    const a = await addProduct(api(), 'Duplexer A');
    const b = await addProduct(api(), 'Duplexer B');
    const gone = await addProduct(api(), 'Duplexer Gone');
    await ok(api().delete(`/product/${gone.id}`));
    const before = await editorRows(t, manager.accountId!);
    const live = await api().put(`/product/${a.id}`, { name: 'duplexer b' });
    expect(live.status).toBe(409);
    expect(live.body.msg).toBe('A product named duplexer b already exists');
    const deleted = await api().put(`/product/${b.id}`, { name: 'Duplexer Gone' });
    expect(deleted.status).toBe(409);
    expect(deleted.body.msg).toBe(
      'A deleted product is named Duplexer Gone: add a product with that name to restore it',
    );
    const rule = await api().put(`/product/${b.id}`, { name: 'Duplexer: B' });
    expect(rule.status).toBe(400);
    expect(rule.body.msg).toBe('name: Invalid character');
    expect(await editorRows(t, manager.accountId!)).toEqual(before);
  });

  it("answers 404 for another account's product and for ids that are not ids, changing nothing", async () => {
    const theirs = await addProduct(editorApi(t, stranger), 'Their product');
    const mine = await editorRows(t, manager.accountId!);
    const theirsBefore = await editorRows(t, stranger.accountId!);
    const put = await api().put(`/product/${theirs.id}`, { name: 'Taken over' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ status: 0, msg: 'Product not found', data: null });
    expect((await api().delete(`/product/${theirs.id}`)).status).toBe(404);
    expect((await api().delete('/product/999999')).status).toBe(404);
    const notAnId = await api().delete('/product/abc');
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.msg).toBe('id: Invalid id');
    expect((await api().put('/product/99999999999', { name: 'X' })).status).toBe(400);
    expect(await editorRows(t, manager.accountId!)).toEqual(mine);
    expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
    const list = await ok<Product[]>(api().get('/user/edit'));
    expect(list.some((p) => p.name === 'Their product')).toBe(false);
  });

  it('is in the OpenAPI document', async () => {
    const res = await editorApi(t).get('/docs-json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([`${API}/user/edit`, `${API}/product`, `${API}/product/{id}`]),
    );
  });
});
