import type { DiffParam, GeneralNaParam, Product, Seq } from '@sweepline/domain';
import { ActionId, NO_ID } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { Refusal } from '../testing/editor-api';
import {
  addForeignTest,
  addProduct,
  addSeq,
  addStep,
  completeTest,
  createEditorMembers,
  editorApi,
  editorRows,
  expectRefusals,
  ok,
} from '../testing/editor-api';

const names = (seq: Seq) => seq.steps.map((s) => s.name);
const idsOf = (seq: Seq) => seq.steps.map((s) => s.id);

describeEachDatabase(
  'steps: paste, reorder, delete (docs/requirements/test-editor.md#copy-and-paste, docs/requirements/test-editor.md#calls)',
  (t) => {
    let editor: Member, operator: Member, stranger: Member;
    let product: Product;
    const api = () => editorApi(t, editor);

    beforeAll(async () => {
      ({ editor, operator, stranger } = await createEditorMembers(t()));
      product = await addProduct(api(), 'Lists');
    });

    /** A test of prompts named as given, in that order. */
    async function prompts(name: string, ...stepNames: string[]): Promise<Seq> {
      let seq = await addSeq(api(), product.id, name);
      for (const stepName of [...stepNames].reverse())
        seq = await addStep(api(), seq.id, ActionId.Prompt, { name: stepName });
      return seq;
    }

    describe('paste (POST /step/copy)', () => {
      it("pastes copies after after_step_id, in the source test's order", async () => {
        const source = await prompts('Source', 'S1', 'S2', 'S3');
        const target = await prompts('Target', 'T1', 'T2');
        const [s1, , s3] = idsOf(source) as [number, number, number];
        const pasted = await ok<Seq>(
          api().post('/step/copy', {
            source_step_id_array: [s3, s1],
            target_seq_id: target.id,
            after_step_id: target.steps[0]!.id,
          }),
        );
        expect(names(pasted)).toEqual(['T1', 'S1', 'S3', 'T2']);
        expect(idsOf(pasted).filter((id) => [s1, s3].includes(id))).toEqual([]);
        const first = await ok<Seq>(
          api().post('/step/copy', {
            source_step_id_array: [s1],
            target_seq_id: target.id,
            after_step_id: -1,
          }),
        );
        expect(names(first)).toEqual(['S1', 'T1', 'S1', 'S3', 'T2']);
        const again = await ok<Seq>(
          api().post('/step/copy', {
            source_step_id_array: [idsOf(first)[0]],
            target_seq_id: target.id,
            after_step_id: idsOf(first)[4],
          }),
        );
        expect(names(again)).toEqual(['S1', 'T1', 'S1', 'S3', 'T2', 'S1']);
      });

      it('moves references to the copies, keeps valid ones into the test and clears the rest', async () => {
        const source = await completeTest(api(), (await addSeq(api(), product.id, 'Complete source')).id);
        const [il, gain, diff, rejection] = idsOf(source) as [number, number, number, number];
        // all four into a new test: the Diff and the Rejection point at the copies
        const target = await addSeq(api(), product.id, 'Complete target');
        const whole = await ok<Seq>(
          api().post('/step/copy', {
            source_step_id_array: [il, gain, diff, rejection],
            target_seq_id: target.id,
            after_step_id: -1,
          }),
        );
        const [cIl, cGain] = idsOf(whole) as [number, number];
        expect(whole.steps[2]!.param).toMatchObject({ stepId1: cIl, stepId2: cGain });
        expect((whole.steps[3]!.param as GeneralNaParam).bindStepId).toBe(cIl);
        // the Diff alone into its own test, at the end: its steps are earlier there, so they stay
        const same = await ok<Seq>(
          api().post('/step/copy', {
            source_step_id_array: [diff],
            target_seq_id: source.id,
            after_step_id: rejection,
          }),
        );
        expect(same.steps[4]!.param).toMatchObject({ stepId1: il, stepId2: gain });
        expect(same.steps[4]!.name).toBe('Diff - Step 1 - Step 2');
        expect(same.steps[4]!.isCompleted).toBe(true);
        // the Diff alone into another test: what it named is not there
        const elsewhere = await ok<Seq>(
          api().post('/step/copy', {
            source_step_id_array: [diff],
            target_seq_id: target.id,
            after_step_id: -1,
          }),
        );
        expect(elsewhere.steps[0]!.param).toMatchObject({ stepId1: NO_ID, stepId2: NO_ID });
        expect(elsewhere.steps[0]!.name).toBe('Diff');
        expect(elsewhere.isCompleted).toBe(false);
      });

      it('refuses repeated, foreign, mixed and empty lists, changing nothing', async () => {
        const a = await prompts('Paste A', 'A1', 'A2');
        const b = await prompts('Paste B', 'B1');
        const theirs = await addForeignTest(t, stranger, 'P');
        const theirStep = (await addStep(editorApi(t, stranger), theirs.id, ActionId.Delay)).steps[0]!;
        const paste = (ids: unknown, target = a.id, after = -1) =>
          api().post('/step/copy', {
            source_step_id_array: ids,
            target_seq_id: target,
            after_step_id: after,
          });
        const before = await editorRows(t, editor.accountId!);
        const theirsBefore = await editorRows(t, stranger.accountId!);
        const cases: Refusal[] = [
          [() => paste([]), 400, 'source_step_id_array: No steps selected'],
          [
            () => paste([a.steps[0]!.id, a.steps[0]!.id]),
            400,
            `Step ${a.steps[0]!.id} is listed more than once`,
          ],
          [() => paste([a.steps[0]!.id, b.steps[0]!.id]), 400, 'The steps must all belong to one test'],
          [() => paste([theirStep.id]), 404, 'Step not found'],
          [() => paste([a.steps[0]!.id], theirs.id), 404, 'Test not found'],
          [
            () => paste([a.steps[0]!.id], a.id, b.steps[0]!.id),
            400,
            `Step ${b.steps[0]!.id} is not a step of this test`,
          ],
          [
            () => paste(['1']),
            400,
            'source_step_id_array: each value in source_step_id_array must be an integer number',
          ],
          [
            () => paste(Array.from({ length: 501 }, (_, i) => i + 1)),
            400,
            'source_step_id_array must contain no more than 500 elements',
          ],
        ];
        await expectRefusals(cases);
        expect(await editorRows(t, editor.accountId!)).toEqual(before);
        expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
      });
    });

    describe('reorder (PUT /seq/step_order/{seqId})', () => {
      it('takes a permutation, renumbers Diff names and clears references that now come later', async () => {
        const seq = await completeTest(api(), (await addSeq(api(), product.id, 'Reorder')).id);
        const [il, gain, diff, rejection] = idsOf(seq) as [number, number, number, number];
        const swapped = await ok<Seq>(
          api().put(`/seq/step_order/${seq.id}`, { step_id_array: [gain, il, diff, rejection] }),
        );
        expect(idsOf(swapped)).toEqual([gain, il, diff, rejection]);
        expect(swapped.steps[2]!.name).toBe('Diff - Step 2 - Step 1');
        expect(swapped.isCompleted).toBe(true);
        const late = await ok<Seq>(
          api().put(`/seq/step_order/${seq.id}`, { step_id_array: [diff, rejection, gain, il] }),
        );
        expect(late.steps[0]!.param as DiffParam).toMatchObject({ stepId1: NO_ID, stepId2: NO_ID });
        expect((late.steps[1]!.param as GeneralNaParam).bindStepId).toBe(NO_ID);
        expect(late.steps[0]!.name).toBe('Diff');
        expect(late.isCompleted).toBe(false);
        const rows = await t().dataSource.query(
          'SELECT id, position FROM step WHERE seq_id = $1 ORDER BY position',
          [seq.id],
        );
        expect(rows).toEqual([diff, rejection, gain, il].map((id, position) => ({ id, position })));
      });

      it('refuses anything but a permutation of the steps, changing nothing', async () => {
        const seq = await prompts('Not a permutation', 'P1', 'P2', 'P3');
        const other = await prompts('Another', 'O1');
        const [p1, p2, p3] = idsOf(seq) as [number, number, number];
        const before = await editorRows(t, editor.accountId!);
        for (const order of [
          [p1, p2],
          [p1, p2, p3, other.steps[0]!.id],
          [p1, p2, p2],
          [p1, p2, other.steps[0]!.id],
          [],
        ]) {
          const res = await api().put(`/seq/step_order/${seq.id}`, { step_id_array: order });
          expect([res.status, res.body.msg]).toEqual([
            400,
            'The step order must list every step of the test exactly once',
          ]);
        }
        const wrongType = await api().put(`/seq/step_order/${seq.id}`, { step_id_array: 'p1,p2' });
        expect([wrongType.status, wrongType.body.msg]).toEqual([400, 'step_id_array must be an array']);
        const theirs = await addForeignTest(t, stranger, 'Q');
        expect((await api().put(`/seq/step_order/${theirs.id}`, { step_id_array: [] })).status).toBe(404);
        expect(await editorRows(t, editor.accountId!)).toEqual(before);
      });
    });

    describe('delete (DELETE /step)', () => {
      it('deletes several steps at once and clears the references to them', async () => {
        const seq = await completeTest(api(), (await addSeq(api(), product.id, 'Delete')).id);
        const [il, gain, diff, rejection] = idsOf(seq) as [number, number, number, number];
        const left = await ok<Seq>(api().delete('/step', { step_id_array: [gain, il] }));
        expect(idsOf(left)).toEqual([diff, rejection]);
        expect(left.steps[0]!.param).toMatchObject({ stepId1: NO_ID, stepId2: NO_ID });
        expect((left.steps[1]!.param as GeneralNaParam).bindStepId).toBe(NO_ID);
        expect(left.steps[0]!.errors).toEqual(['Step 1: Choose a step', 'Step 2: Choose a step']);
        expect(left.isCompleted).toBe(false);
        const rows = await t().dataSource.query(
          'SELECT id, position FROM step WHERE seq_id = $1 ORDER BY position',
          [seq.id],
        );
        expect(rows).toEqual([
          { id: diff, position: 0 },
          { id: rejection, position: 1 },
        ]);
        const empty = await ok<Seq>(api().delete('/step', { step_id_array: [diff, rejection] }));
        expect(empty.steps).toEqual([]);
        expect(empty.isCompleted).toBe(false);
      });

      it('refuses foreign, mixed, repeated and empty lists, changing nothing', async () => {
        const a = await prompts('Delete A', 'A1', 'A2');
        const b = await prompts('Delete B', 'B1');
        const theirs = await addForeignTest(t, stranger, 'R');
        const theirStep = (await addStep(editorApi(t, stranger), theirs.id, ActionId.Delay)).steps[0]!;
        const before = await editorRows(t, editor.accountId!);
        const theirsBefore = await editorRows(t, stranger.accountId!);
        const cases: [unknown, number, string][] = [
          [[], 400, 'step_id_array: No steps selected'],
          [[a.steps[0]!.id, b.steps[0]!.id], 400, 'The steps must all belong to one test'],
          [[a.steps[0]!.id, a.steps[0]!.id], 400, `Step ${a.steps[0]!.id} is listed more than once`],
          [[a.steps[0]!.id, theirStep.id], 404, 'Step not found'],
          [
            [2_147_483_648],
            400,
            'step_id_array: each value in step_id_array must not be greater than 2147483647',
          ],
        ];
        for (const [ids, status, msg] of cases) {
          const res = await api().delete('/step', { step_id_array: ids });
          expect([res.status, res.body.msg]).toEqual([status, msg]);
        }
        expect((await api().delete('/step')).body.msg).toBe('step_id_array must be an array');
        expect(
          (await editorApi(t, operator).delete('/step', { step_id_array: [a.steps[0]!.id] })).status,
        ).toBe(403);
        expect((await editorApi(t).delete('/step', { step_id_array: [a.steps[0]!.id] })).status).toBe(401);
        expect(await editorRows(t, editor.accountId!)).toEqual(before);
        expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
      });
    });
  },
);
