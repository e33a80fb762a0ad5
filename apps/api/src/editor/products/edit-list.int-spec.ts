import type { Product, Seq } from '@sweepline/domain';
import { ActionId, InstrumentId, Role } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../../test/fixtures';
import { createManager } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import { Db } from '../../database/transaction';
import { EditorRepository } from '../editor.repository';
import type { EditorApi } from '../testing/editor-api';
import {
  addProduct,
  addSeq,
  addStep,
  completeTest,
  createEditorMembers,
  editorApi,
  ok,
  saveParam,
} from '../testing/editor-api';

describeEachDatabase('GET /user/edit: the reply and its revalidation (ETag, 304)', (t) => {
  let manager: Member, editor: Member, operator: Member, stranger: Member;
  let product: Product;
  let seq: Seq;
  const api = () => editorApi(t, editor);

  beforeAll(async () => {
    ({ manager, editor, operator, stranger } = await createEditorMembers(t()));
    product = await addProduct(api(), 'Revalidated', 'R-1', 'für “alle” \\ / ☃');
    seq = await completeTest(api(), (await addSeq(api(), product.id, 'Pass band')).id);
    const prompt = await addStep(api(), seq.id, ActionId.Prompt, { name: 'Connect the DUT' });
    await saveParam(api(), prompt.steps[0]!.id, { value: 'line\nbreak, "quoted", tab\t, ü 😀 \u0001' });
    const empty = await addProduct(api(), 'an empty product');
    await addSeq(api(), empty.id, 'No steps');
    const gone = await addProduct(api(), 'Gone');
    await addSeq(api(), gone.id, 'Gone too');
    await ok(api().delete(`/product/${gone.id}`));
  });

  /** The products as the editor's own calls answer them, as JSON would carry them. */
  async function editorAnswer(): Promise<unknown> {
    const repo = t().app.get(EditorRepository, { strict: false });
    const acct = {
      accountId: manager.accountId!,
      userId: editor.userId,
      userName: editor.name,
      role: Role.Editor,
    };
    return JSON.parse(JSON.stringify(await repo.products(acct)));
  }

  async function etag(as: EditorApi = api()): Promise<string> {
    const res = await as.get('/user/edit');
    expect(res.status).toBe(200);
    return res.headers['etag'] as string;
  }

  it('answers the products with an ETag and Cache-Control: private, no-cache', async () => {
    const res = await api().get('/user/edit');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['etag']).toMatch(/^W\/"edit-[\w.-]+"$/);
    expect(res.body).toEqual({ status: 1, msg: '', data: expect.any(Array) });
    expect((res.body.data as Product[]).map((p) => p.name)).toEqual(['an empty product', 'Revalidated']);
  });

  it('answers exactly what the editor answers product by product (shapes, orders, times, params)', async () => {
    const res = await api().get('/user/edit');
    expect(res.body.data).toEqual(await editorAnswer());
    const listed = (res.body.data as Product[])[1]!;
    expect(listed.info).toBe('für “alle” \\ / ☃');
    expect(listed.seqs[0]!.cals).toEqual([CAL]);
    expect(listed.seqs[0]!.steps.map((s) => s.actionId)).toEqual([
      ActionId.Prompt,
      ActionId.InsertionLossMax,
      ActionId.GainMax,
      ActionId.Diff,
      ActionId.Rejection,
    ]);
  });

  it('answers an empty list for an account without products', async () => {
    const res = await editorApi(t, await createManager(t())).get('/user/edit');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: [] });
    expect(res.headers['etag']).toMatch(/^W\/"edit-/);
  });

  it('answers 304 without a body to If-None-Match with the current ETag, after one small query', async () => {
    const current = await etag();
    const db = t().app.get(Db, { strict: false });
    const plain = jest.spyOn(db, 'query');
    const prepared = jest.spyOn(db, 'prepared');
    try {
      const res = await api().get('/user/edit').set('if-none-match', current);
      expect(res.status).toBe(304);
      expect(res.text ?? '').toBe('');
      expect(res.headers['etag']).toBe(current);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-length'] ?? '0').toBe('0');
      // the session's queries aside, one query of the products' mark
      const sql = [
        ...plain.mock.calls.map(([text]) => text),
        ...prepared.mock.calls.map(([, text]) => text),
      ].filter((text) => /product|seq|step/.test(text));
      expect(sql).toHaveLength(1);
      expect(sql[0]).not.toMatch(/json_agg|FROM step|FROM seq/);
    } finally {
      plain.mockRestore();
      prepared.mockRestore();
    }
  });

  it('gives every member of the account the same ETag, and an operator its 304 too', async () => {
    const current = await etag();
    expect(await etag(editorApi(t, manager))).toBe(current);
    const res = await editorApi(t, operator).get('/user/edit').set('if-none-match', current);
    expect(res.status).toBe(304);
  });

  it('answers the whole reply to a stale or foreign ETag, and to a reload that asks for no cache', async () => {
    const current = await etag();
    const stale = await api().get('/user/edit').set('if-none-match', 'W/"edit-1-1-1-1"');
    expect(stale.status).toBe(200);
    expect(stale.body.data).toHaveLength(2);
    const reload = await api()
      .get('/user/edit')
      .set('if-none-match', current)
      .set('cache-control', 'no-cache');
    expect(reload.status).toBe(200);
    expect(reload.body.data).toHaveLength(2);
  });

  it("never matches another account's ETag, even with the same number of products and changes", async () => {
    const twin = await createManager(t());
    const mine = await createManager(t());
    await addProduct(editorApi(t, twin), 'Same');
    await addProduct(editorApi(t, mine), 'Same');
    const theirs = await etag(editorApi(t, twin));
    const own = await etag(editorApi(t, mine));
    expect(own).not.toBe(theirs);
    const res = await editorApi(t, mine).get('/user/edit').set('if-none-match', theirs);
    expect(res.status).toBe(200);
    expect((res.body.data as Product[]).map((p) => p.id)).not.toContain(
      ((await ok<Product[]>(editorApi(t, twin).get('/user/edit')))[0] as Product).id,
    );
    const stranger304 = await editorApi(t, stranger)
      .get('/user/edit')
      .set('if-none-match', await etag());
    expect(stranger304.status).toBe(200);
  });

  it('sends the reply gzipped to a client that accepts gzip, and plain to one that does not', async () => {
    const zipped = await api().get('/user/edit').set('accept-encoding', 'gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toMatch(/Accept-Encoding/i);
    const plain = await api().get('/user/edit').set('accept-encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['etag']).toBe(zipped.headers['etag']);
    expect(plain.body).toEqual(zipped.body);
    expect(zipped.body.data).toEqual(await editorAnswer());
  });

  it('keeps the ETag when a write is refused', async () => {
    const current = await etag();
    expect((await editorApi(t, operator).post('/product', { name: 'Not allowed' })).status).toBe(403);
    expect((await api().post('/product', { name: 'Revalidated' })).status).toBe(409);
    expect((await api().put(`/step/param/${seq.steps[0]!.id}`, { param: 5 })).status).toBe(400);
    const res = await api().get('/user/edit').set('if-none-match', current);
    expect(res.status).toBe(304);
  });

  /** A test of three prompts A, B, C in `product`, for the step calls. */
  let serial = 0;
  async function prompts(): Promise<Seq> {
    let made = await addSeq(api(), product.id, `Prompts ${++serial}`);
    for (const text of ['C', 'B', 'A']) made = await addStep(api(), made.id, ActionId.Prompt, { name: text });
    return made;
  }

  async function anInsertionLossStep(): Promise<number> {
    const steps = (await ok<Product[]>(api().get('/user/edit')))
      .flatMap((p) => p.seqs)
      .flatMap((s) => s.steps);
    return steps.find((s) => s.actionId === ActionId.InsertionLossMax)!.id;
  }

  /** Each write kind: what it needs made first (before the ETag is taken), then the write. */
  const WRITES: [string, () => Promise<unknown>, (made: never) => Promise<unknown>][] = [
    ['adding a product', async () => null, () => addProduct(api(), `Added ${++serial}`)],
    [
      'renaming a product',
      async () => null,
      () => ok(api().put(`/product/${product.id}`, { name: 'Revalidated', model: `R-${++serial}` })),
    ],
    [
      'deleting a product',
      () => addProduct(api(), 'Doomed'),
      (made: Product) => ok(api().delete(`/product/${made.id}`)),
    ],
    ['adding a test', async () => null, () => addSeq(api(), product.id, `Added test ${++serial}`)],
    [
      'renaming a test',
      prompts,
      (made: Seq) => ok(api().put(`/seq/name/${made.id}`, { name: `Renamed ${++serial}` })),
    ],
    ['deleting a test', prompts, (made: Seq) => ok(api().delete(`/seq/${made.id}`))],
    [
      'pasting a test',
      async () => null,
      () =>
        ok(api().post('/seq/copy', { from_seq_id: seq.id, to_product_id: product.id, current_seq_id: -1 })),
    ],
    [
      'process control',
      async () => null,
      () =>
        ok(
          api().put(`/product/process_control/${product.id}`, {
            seq_array: [{ seq_id: seq.id, stage_no: 9, test_no: 9 }],
          }),
        ),
    ],
    [
      'saving calibrations',
      async () => null,
      () => ok(api().post(`/seq/cals/${seq.id}`, { cals: [{ ...CAL, stopFreq_MHz: 900 }] })),
    ],
    ['adding a step', prompts, (made: Seq) => addStep(api(), made.id, ActionId.Delay)],
    [
      'editing a step',
      prompts,
      (made: Seq) =>
        ok(
          api().put(`/step/${made.steps[0]!.id}`, {
            instrument_id: InstrumentId.Common,
            action_id: ActionId.Header,
            is_default_name: false,
            name: 'Heading',
          }),
        ),
    ],
    [
      'saving step parameters',
      anInsertionLossStep,
      (id: number) =>
        saveParam(api(), id, { ...completeParam(ActionId.InsertionLossMax), stopFreq_MHz: 700 }),
    ],
    [
      'pasting steps',
      prompts,
      (made: Seq) =>
        ok(
          api().post('/step/copy', {
            source_step_id_array: [made.steps[0]!.id],
            target_seq_id: made.id,
            after_step_id: -1,
          }),
        ),
    ],
    [
      'reordering steps',
      prompts,
      (made: Seq) =>
        ok(api().put(`/seq/step_order/${made.id}`, { step_id_array: made.steps.map((s) => s.id).reverse() })),
    ],
    [
      'deleting steps',
      prompts,
      (made: Seq) => ok(api().delete('/step', { step_id_array: [made.steps[1]!.id] })),
    ],
  ];

  it.each(WRITES)(
    'changes the ETag after %s; the old one gets the whole reply',
    async (_what, setup, write) => {
      const made = (await setup()) as never;
      await expectChangedBy(() => write(made));
    },
  );

  /** The ETag before `write`, then: the old one gets 200 with the new data, the new one 304. */
  async function expectChangedBy(write: () => Promise<unknown>): Promise<void> {
    const before = await etag();
    await write();
    const res = await api().get('/user/edit').set('if-none-match', before);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    const after = res.headers['etag'] as string;
    expect(after).not.toBe(before);
    // the reply kept for the old ETag is not what a changed account gets
    expect(res.body.data).toEqual(await editorAnswer());
    expect((await api().get('/user/edit').set('if-none-match', after)).status).toBe(304);
  }
});
