import { createHash } from 'node:crypto';
import type { AuditRow, AuditVerification, Product, Seq } from '@sweepline/domain';
import { ActionId, getAction, Role, verifyAuditChain } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { newEmail } from '../accounts/testing/settings-api';
import type { EditorApi } from '../editor/testing/editor-api';
import { addProduct, addSeq, addStep, editorApi, ok, saveParam } from '../editor/testing/editor-api';
import { addSerialNumbers, productWithTests } from '../runner/testing/runner-fixtures';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Row = AuditRow & { productName: string | null; seqName: string | null };

describeEachDatabase('the audit trail (issue 39, docs/audit.md)', (t) => {
  let manager: Member, editor: Member, operator: Member, stranger: Member;
  const as = (member: Member): EditorApi => editorApi(t, member);

  /** The account's rows after `afterId`, oldest first, as the command-line program reads them. */
  const chainAfter = async (afterId: number, member = manager) =>
    ok<AuditRow[]>(as(member).get(`/audit/chain?after_id=${afterId}`));
  const lastId = async (member = manager) => {
    const [newest] = await ok<Row[]>(as(member).get('/audit'));
    return newest?.id ?? 0;
  };
  /** The rows `change` wrote in the account of `member`. */
  const rowsOf = async (change: () => Promise<unknown>, member = manager): Promise<AuditRow[]> => {
    const before = await lastId(member);
    await change();
    return chainAfter(before, member);
  };

  beforeAll(async () => {
    manager = await createManager(t(), 'Acme RF');
    editor = await createMember(t(), manager.accountId, Role.Editor, 'Erin Editor');
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Otto Operator');
    stranger = await createManager(t(), 'Other Co');
  });

  describe('a row for each kind of change', () => {
    let product: Product;
    let seq: Seq;

    it('products: add, edit (old and new values), delete, restore', async () => {
      const [created] = await rowsOf(async () => {
        product = await addProduct(as(editor), 'Filters', 'BPF-1', 'band pass');
      });
      expect(created).toMatchObject({
        userId: editor.userId,
        userName: 'Erin Editor',
        thing: 'product',
        thingId: String(product.id),
        productId: product.id,
        seqId: null,
        action: 'create',
        changes: [
          { field: 'name', from: null, to: 'Filters' },
          { field: 'model', from: null, to: 'BPF-1' },
          { field: 'info', from: null, to: 'band pass' },
        ],
      });
      expect(Date.parse(created!.at)).toBeGreaterThan(Date.now() - 60_000);

      const edited = await rowsOf(() =>
        ok(as(editor).put(`/product/${product.id}`, { name: 'Filters 2', model: 'BPF-1', info: '' })),
      );
      expect(edited).toEqual([
        expect.objectContaining({
          action: 'update',
          changes: [
            { field: 'name', from: 'Filters', to: 'Filters 2' },
            { field: 'info', from: 'band pass', to: '' },
          ],
        }),
      ]);
      const spare = await addProduct(as(editor), 'Spare');
      const deleted = await rowsOf(() => ok(as(editor).delete(`/product/${spare.id}`)));
      expect(deleted).toEqual([expect.objectContaining({ thing: 'product', action: 'delete', changes: [] })]);
      const restored = await rowsOf(() => addProduct(as(editor), 'Spare', 'S-2'));
      expect(restored).toEqual([
        expect.objectContaining({
          thingId: String(spare.id),
          action: 'restore',
          changes: [{ field: 'model', from: '', to: 'S-2' }],
        }),
      ]);
    });

    it('tests: add, rename (old and new name), copy, import, delete', async () => {
      const [added] = await rowsOf(async () => {
        seq = await addSeq(as(editor), product.id, 'Pass band');
      });
      expect(added).toMatchObject({
        thing: 'test',
        thingId: String(seq.id),
        productId: product.id,
        seqId: seq.id,
        action: 'create',
        changes: [
          { field: 'name', from: null, to: 'Pass band' },
          { field: 'stageNo', from: null, to: 1 },
          { field: 'testNo', from: null, to: 1 },
        ],
      });
      const renamed = await rowsOf(() => ok(as(editor).put(`/seq/name/${seq.id}`, { name: 'Passband' })));
      expect(renamed).toEqual([
        expect.objectContaining({
          thing: 'test',
          action: 'rename',
          seqId: seq.id,
          changes: [{ field: 'name', from: 'Pass band', to: 'Passband' }],
        }),
      ]);
      const copied = await rowsOf(() =>
        ok(
          as(editor).post('/seq/copy', {
            from_seq_id: seq.id,
            to_product_id: product.id,
            new_seq_name: 'Copy',
          }),
        ),
      );
      expect(copied.map((r) => [r.thing, r.action])).toContainEqual(['test', 'copy']);
      const copy = copied.find((r) => r.action === 'copy')!;
      const imported = await rowsOf(() =>
        ok(
          as(editor).put('/seq/import', {
            product: { name: 'Filters 2', model: 'BPF-1', info: '' },
            test: importedTest(),
          }),
        ),
      );
      expect(imported.map((r) => [r.thing, r.action])).toContainEqual(['test', 'import']);
      const deleted = await rowsOf(() => ok(as(editor).delete(`/seq/${copy.seqId}`)));
      expect(deleted).toEqual([
        expect.objectContaining({ thing: 'test', action: 'delete', seqId: copy.seqId, changes: [] }),
      ]);
    });

    it('steps: add, param (a limit, old and new), edit, copy, order, delete; calibrations', async () => {
      const cals = await rowsOf(() => ok(as(editor).post(`/seq/cals/${seq.id}`, { cals: [CAL] })));
      expect(cals).toEqual([
        expect.objectContaining({
          thing: 'calibration',
          action: 'update',
          seqId: seq.id,
          changes: [{ field: 'cals', from: [], to: [CAL] }],
        }),
      ]);
      let step = 0;
      const [added] = await rowsOf(async () => {
        step = (await addStep(as(editor), seq.id, ActionId.InsertionLossMax)).steps[0]!.id;
      });
      expect(added).toMatchObject({ thing: 'step', thingId: String(step), action: 'create', seqId: seq.id });
      expect(added!.changes).toEqual([
        {
          field: `steps.${step}`,
          from: null,
          to: expect.objectContaining({ actionId: ActionId.InsertionLossMax }),
        },
      ]);
      const param = completeParam(ActionId.InsertionLossMax) as unknown as Record<string, unknown>;
      await saveParam(as(editor), step, param);
      const limit = await rowsOf(() => saveParam(as(editor), step, { ...param, upper: 2.5 }));
      expect(limit).toEqual([
        expect.objectContaining({
          thing: 'step',
          action: 'param',
          changes: [{ field: `steps.${step}.param.upper`, from: param.upper, to: 2.5 }],
        }),
      ]);
      const edited = await rowsOf(() =>
        ok(
          as(editor).put(`/step/${step}`, {
            instrument_id: getAction(ActionId.InsertionLossMax).instrumentId,
            action_id: ActionId.InsertionLossMax,
            is_default_name: false,
            name: 'IL',
          }),
        ),
      );
      expect(edited[0]).toMatchObject({ action: 'update', thingId: String(step) });
      expect(edited[0]!.changes).toContainEqual({
        field: `steps.${step}.name`,
        from: expect.any(String),
        to: 'IL',
      });
      const copied = await rowsOf(() =>
        ok(
          as(editor).post('/step/copy', {
            source_step_id_array: [step],
            target_seq_id: seq.id,
            after_step_id: step,
          }),
        ),
      );
      expect(copied).toEqual([expect.objectContaining({ thing: 'step', action: 'copy' })]);
      const [, second] = (await ok<Seq>(as(editor).put(`/seq/name/${seq.id}`, { name: 'Passband' }))).steps;
      const ordered = await rowsOf(() =>
        ok(as(editor).put(`/seq/step_order/${seq.id}`, { step_id_array: [second!.id, step] })),
      );
      expect(ordered).toEqual([
        expect.objectContaining({
          action: 'order',
          changes: [{ field: 'steps.order', from: [step, second!.id], to: [second!.id, step] }],
        }),
      ]);
      const deleted = await rowsOf(() => ok(as(editor).delete('/step', { step_id_array: [second!.id] })));
      expect(deleted).toEqual([
        expect.objectContaining({
          thing: 'step',
          action: 'delete',
          thingId: String(second!.id),
          changes: [
            { field: `steps.${second!.id}`, from: expect.objectContaining({ name: 'IL' }), to: null },
          ],
        }),
      ]);
    });

    it('process control: each moved test with its old and new place', async () => {
      const other = await addSeq(as(editor), product.id, 'Stop band', seq.id);
      const moved = await rowsOf(() =>
        ok(
          as(editor).put(`/product/process_control/${product.id}`, {
            seq_array: [{ seq_id: other.id, stage_no: 3, test_no: 1 }],
          }),
        ),
      );
      expect(moved).toEqual([
        expect.objectContaining({
          thing: 'process_control',
          thingId: String(product.id),
          action: 'update',
          changes: [
            { field: `tests.${other.id}`, from: { stageNo: 1, testNo: 2 }, to: { stageNo: 3, testNo: 1 } },
          ],
        }),
      ]);
    });

    it("stage jumps: each serial number's stage before and after", async () => {
      const line = await productWithTests(as(manager), 'Duplexer', [1, 2]);
      await addSerialNumbers(as(operator), line.product.id, ['D-1', 'D-2']);
      const jumped = await rowsOf(() =>
        ok(as(operator).post('/sn_stage_history', { sn_array: ['D-1', 'D-2'], stage_no: 2 })),
      );
      expect(jumped).toEqual([
        expect.objectContaining({
          userName: 'Otto Operator',
          thing: 'stage_jump',
          thingId: 'D-1, D-2',
          productId: line.product.id,
          action: 'jump',
          changes: [
            { field: 'D-1', from: 1, to: 2 },
            { field: 'D-2', from: 1, to: 2 },
          ],
        }),
      ]);
    });

    it('users: add, edit (the role), reactivate, delete', async () => {
      const email = newEmail();
      let id = 0;
      const [added] = await rowsOf(async () => {
        id = (
          await ok<{ id: number }>(as(manager).post('/user', { name: 'Nia', email, role: Role.Operator }))
        ).id;
      });
      expect(added).toMatchObject({
        thing: 'user',
        thingId: String(id),
        action: 'create',
        changes: [
          { field: 'name', from: null, to: 'Nia' },
          { field: 'email', from: null, to: email },
          { field: 'role', from: null, to: Role.Operator },
        ],
      });
      const edited = await rowsOf(() =>
        ok(as(manager).put(`/user/${id}`, { name: 'Nia', role: Role.Editor })),
      );
      expect(edited).toEqual([
        expect.objectContaining({
          action: 'update',
          changes: [{ field: 'role', from: Role.Operator, to: Role.Editor }],
        }),
      ]);
      const again = await rowsOf(() => ok(as(manager).put(`/user/reactivate/${id}`)));
      expect(again).toEqual([expect.objectContaining({ thing: 'user', action: 'reactivate' })]);
      const deleted = await rowsOf(() => ok(as(manager).delete(`/user/${id}`)));
      expect(deleted).toEqual([
        expect.objectContaining({ action: 'delete', changes: [{ field: 'name', from: 'Nia', to: null }] }),
      ]);
    });

    it('API tokens: create (never the secret) and revoke; a token acts without a user', async () => {
      let created = { id: 0, token: '' };
      const [row] = await rowsOf(async () => {
        created = await ok(as(manager).post('/user/api_tokens', { name: 'CI', role: Role.Editor }));
      });
      expect(row).toMatchObject({
        thing: 'api_token',
        thingId: String(created.id),
        action: 'create',
        changes: [
          { field: 'name', from: null, to: 'CI' },
          { field: 'role', from: null, to: Role.Editor },
        ],
      });
      expect(JSON.stringify(row)).not.toContain(created.token);
      const [byToken] = await rowsOf(() =>
        ok(editorApi(t, { ...manager, token: created.token }).post('/product', { name: 'By CI' })),
      );
      expect(byToken).toMatchObject({ userId: null, userName: 'token CI', thing: 'product' });
      const revoked = await rowsOf(() => ok(as(manager).delete(`/user/api_tokens/${created.id}`)));
      expect(revoked).toEqual([expect.objectContaining({ thing: 'api_token', action: 'revoke' })]);
    });

    it("account settings: the account's and the manager's names, old and new", async () => {
      const account = await rowsOf(() => ok(as(manager).put('/user/account_name', { name: 'Acme RF Ltd' })));
      expect(account).toEqual([
        expect.objectContaining({
          thing: 'account',
          thingId: String(manager.accountId),
          action: 'rename',
          changes: [{ field: 'name', from: 'Acme RF', to: 'Acme RF Ltd' }],
        }),
      ]);
      const name = await rowsOf(() => ok(as(manager).put('/user/manager_name', { name: 'Mia Manager' })));
      expect(name).toEqual([
        expect.objectContaining({
          thing: 'user',
          thingId: String(manager.userId),
          changes: [{ field: 'name', from: manager.name, to: 'Mia Manager' }],
        }),
      ]);
    });

    it('writes none for a refused request, even one refused after its first write', async () => {
      const before = await lastId();
      // refused before any write: a name taken; a bad body
      expect((await as(editor).put(`/seq/name/${seq.id}`, { name: 'Stop band' })).status).toBe(409);
      expect((await as(manager).post('/user', { name: 'X', email: 'not an address', role: 2 })).status).toBe(
        400,
      );
      // refused after its product's new model was written and recorded: the test's place is taken
      const refused = await as(editor).put('/seq/import', {
        product: { name: 'Filters 2', model: 'BPF-9', info: '' },
        test: { ...importedTest(), name: 'Another', stageNo: 1, testNo: 1 },
      });
      expect(refused.status).toBe(409);
      expect(await lastId()).toBe(before);
      const [row] = await t().dataSource.query('SELECT model FROM product WHERE id = $1', [product.id]);
      expect(row).toEqual({ model: 'BPF-1' });
    });

    it('and the chain of all of them verifies, on the server and with node:crypto', async () => {
      const rows = await chainAfter(0);
      expect(rows.length).toBeGreaterThan(25);
      expect(verifyAuditChain(rows, sha256Hex)).toMatchObject({ ok: true, rows: rows.length });
      expect(await ok<AuditVerification>(as(manager).get('/audit/verify'))).toEqual({
        ok: true,
        rows: rows.length,
        firstBad: null,
      });
    });
  });

  describe("History's calls", () => {
    it('filter by product, test, user and local days, newest first, a page before an id', async () => {
      const all = await ok<Row[]>(as(manager).get('/audit'));
      expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
      const withTest = all.find((r) => r.seqId !== null && r.productId !== null)!;
      const ofProduct = await ok<Row[]>(as(manager).get(`/audit?product_id=${withTest.productId}`));
      expect(ofProduct.length).toBeGreaterThan(0);
      expect(ofProduct.every((r) => r.productId === withTest.productId)).toBe(true);
      expect(ofProduct[0]!.productName).toEqual(expect.any(String));
      const ofTest = await ok<Row[]>(as(manager).get(`/audit?seq_id=${withTest.seqId}`));
      expect(ofTest.every((r) => r.seqId === withTest.seqId)).toBe(true);
      expect(ofTest.map((r) => r.id)).toContain(withTest.id);
      const ofOperator = await ok<Row[]>(as(manager).get(`/audit?user_id=${operator.userId}`));
      expect(ofOperator.map((r) => r.thing)).toEqual(['stage_jump']);
      const page = await ok<Row[]>(as(manager).get(`/audit?before_id=${all[2]!.id}`));
      expect(page[0]!.id).toBe(all[3]!.id);

      const today = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
      const inDays = await ok<Row[]>(as(manager).get(`/audit?from=2020-01-01&to=${today}&zone_offset=14`));
      expect(inDays.map((r) => r.id)).toEqual(all.map((r) => r.id));
      expect(await ok<Row[]>(as(manager).get('/audit?from=2020-01-01&to=2020-01-31'))).toEqual([]);
    });

    it('export CSV: one line per changed field, the same filters', async () => {
      const res = await as(manager).get('/audit/csv?user_id=' + operator.userId + '&zone_offset=0');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('attachment');
      const lines = res.text.split('\r\n');
      expect(lines[0]).toBe('time,user,thing,id,product,test,action,field,from,to');
      expect(lines.slice(1, 3)).toEqual([
        expect.stringMatching(
          /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Otto Operator,stage_jump,"D-1, D-2",Duplexer,,jump,D-1,1,2$/,
        ),
        expect.stringMatching(/,jump,D-2,1,2$/),
      ]);
    });

    it('refuse a bad query with 400 naming the field', async () => {
      const cases: [string, string][] = [
        ['/audit?product_id=abc', 'product_id: Invalid id'],
        ['/audit?seq_id=0', 'seq_id: Invalid id'],
        ['/audit?user_id=1.5', 'user_id: Invalid id'],
        ['/audit?from=2026-02-30', "from: A day 'YYYY-MM-DD'"],
        ['/audit?from=2026-02-02&to=2026-02-01', 'to: The last day is before the first'],
        ['/audit?zone_offset=15', 'zone_offset: Hours from UTC, from -12 to 14 in quarter hours, like 5.5'],
        ['/audit?before_id=-1', 'before_id: Invalid id'],
        ['/audit?colour=red', 'colour: property colour should not exist'],
        ['/audit/csv?to=yesterday', "to: A day 'YYYY-MM-DD'"],
        ['/audit/chain?after_id=x', 'after_id: Invalid id'],
      ];
      for (const [path, msg] of cases) {
        const res = await as(manager).get(path);
        expect([path, res.status, res.body.msg]).toEqual([path, 400, msg]);
      }
    });

    it('are for managers: an editor, an operator and an editor token get 403', async () => {
      const { token } = await ok<{ token: string }>(
        as(manager).post('/user/api_tokens', { name: 'Editor CI', role: Role.Editor }),
      );
      for (const member of [editor, operator, { ...editor, token }]) {
        for (const path of ['/audit', '/audit/csv', '/audit/chain', '/audit/verify']) {
          expect([path, (await as(member).get(path)).status]).toEqual([path, 403]);
        }
      }
    });

    it("never show another account's rows", async () => {
      await addProduct(as(stranger), 'Theirs');
      const theirs = await ok<Row[]>(as(stranger).get('/audit'));
      expect(theirs).toEqual([expect.objectContaining({ thing: 'product', userId: stranger.userId })]);
      const ours = await chainAfter(0);
      expect(ours.some((r) => r.id === theirs[0]!.id)).toBe(false);
      const product = ours.find((r) => r.productId !== null)!.productId;
      expect(await ok<Row[]>(as(stranger).get(`/audit?product_id=${product}`))).toEqual([]);
      // their first row starts their own chain
      expect((await chainAfter(0, stranger))[0]!.prevHash).toBe('0'.repeat(64));
    });
  });

  it('a row altered with SQL makes the verification fail and name it', async () => {
    const victim = await createManager(t(), 'Victim');
    for (const name of ['A', 'B', 'C']) await addProduct(as(victim), name);
    const rows = await chainAfter(0, victim);
    const altered = rows[1]!;
    const runner = t().dataSource.createQueryRunner();
    try {
      // as an attacker with SQL would: the append-only trigger off, the row changed, the trigger on
      await runner.startTransaction();
      await runner.query('ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only');
      await runner.query(`UPDATE audit_event SET changes = '[]' WHERE account_id = $1 AND id = $2`, [
        victim.accountId,
        altered.id,
      ]);
      await runner.query('ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only');
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await ok<AuditVerification>(as(victim).get('/audit/verify'))).toEqual({
      ok: false,
      rows: 2,
      firstBad: { id: altered.id, at: altered.at },
    });
    expect(verifyAuditChain(await chainAfter(0, victim), sha256Hex).firstBad).toEqual({
      id: altered.id,
      at: altered.at,
    });
    // another account's chain is not touched
    expect(await ok<AuditVerification>(as(manager).get('/audit/verify'))).toMatchObject({ ok: true });
  });
});

/** A small test of two steps to import (the export's shape), named 'Imported'. */
function importedTest() {
  return {
    name: 'Imported',
    stageNo: 2,
    testNo: 1,
    calibrations: [],
    steps: [
      {
        number: 1,
        name: 'Note',
        isDefaultName: false,
        instrumentId: getAction(ActionId.Prompt).instrumentId,
        actionId: ActionId.Prompt,
        param: completeParam(ActionId.Prompt),
      },
    ],
  };
}
