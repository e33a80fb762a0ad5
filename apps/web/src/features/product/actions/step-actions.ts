import {
  addedIds,
  dialogDefaultName,
  insertAfterStepId,
  MSG,
  selectionAfterAdd,
  selectionAfterDelete,
  selectionAfterPaste,
  type StepDialogBody,
} from '@sweepline/domain';
import { editorApi } from '../editor.api';
import { EDITOR_TEXTS } from '../editor-texts';
import { withSeq } from '../editor-state';
import {
  copiedStepIdsAtom,
  dialogAtom,
  productAtom,
  productsAtom,
  seqAtom,
  stepSelectionAtom,
} from '../product.atoms';
import type { EditorContext } from './editor-context';
import type { SavePath } from './save-path';

/** The Test Steps column's tools but the moves: add, edit, copy, paste, delete (docs/requirements/test-editor.md#copy-and-paste). */
export function stepActions(ctx: EditorContext, saves: SavePath) {
  const { get, set, products, info, needSeq, selectedIdsOf } = ctx;
  return {
    openAddStep: () =>
      saves.run(() => {
        if (needSeq()) set(dialogAtom, { kind: 'step' });
      }),
    openEditStep: () =>
      saves.run(() => {
        const seq = needSeq();
        if (!seq) return;
        const ids = selectedIdsOf(seq);
        if (ids.length === 0) return info(MSG.noStepSelected);
        if (ids.length > 1) return info(EDITOR_TEXTS.selectOneStep);
        set(dialogAtom, { kind: 'step', step: seq.steps.find((s) => s.id === ids[0]) });
      }),
    saveStep: (body: StepDialogBody, stepId: number | undefined) =>
      saves.run(async () => {
        const product = get(productAtom);
        const seq = get(seqAtom);
        if (!product || !seq) return;
        const order = seq.steps.map((s) => s.id);
        const sel = get(stepSelectionAtom);
        const type = { instrumentId: body.instrument_id, actionId: body.action_id };
        // the spec's body names the step: a default name as the server will make it
        const named = body.is_default_name
          ? {
              ...body,
              name: dialogDefaultName(
                type,
                seq.steps.find((s) => s.id === stepId),
                seq.steps,
              ),
            }
          : body;
        const saved =
          stepId === undefined
            ? await editorApi.addStep({
                ...named,
                seq_id: seq.id,
                after_step_id: insertAfterStepId(order, sel),
              })
            : await editorApi.editStep(stepId, named);
        set(productsAtom, withSeq(products(), product.id, saved));
        const after = saved.steps.map((s) => s.id);
        if (stepId === undefined)
          set(stepSelectionAtom, selectionAfterAdd(after, sel, addedIds(order, after)));
        set(dialogAtom, undefined);
      }),
    copySteps: () =>
      saves.run(() => {
        const seq = needSeq();
        if (!seq) return;
        const ids = selectedIdsOf(seq);
        if (ids.length === 0) return info(MSG.noStepsSelected);
        set(copiedStepIdsAtom, ids);
        const first = seq.steps.find((s) => s.id === ids[0])!;
        info(MSG.copying(ids.length === 1 ? first.name : EDITOR_TEXTS.stepsCount(ids.length)));
      }),
    pasteSteps: () =>
      saves.run(async () => {
        const copied = get(copiedStepIdsAtom);
        if (copied.length === 0) return info(MSG.copyStepsFirst);
        const product = get(productAtom);
        const seq = needSeq();
        if (!product || !seq) return;
        const order = seq.steps.map((s) => s.id);
        const saved = await editorApi.copySteps({
          source_step_id_array: copied,
          target_seq_id: seq.id,
          after_step_id: insertAfterStepId(order, get(stepSelectionAtom)),
        });
        set(productsAtom, withSeq(products(), product.id, saved));
        set(
          stepSelectionAtom,
          selectionAfterPaste(
            addedIds(
              order,
              saved.steps.map((s) => s.id),
            ),
          ),
        );
      }),
    deleteSteps: () =>
      saves.run(async () => {
        const product = get(productAtom);
        const seq = needSeq();
        if (!product || !seq) return;
        const ids = selectedIdsOf(seq);
        if (ids.length === 0) return info(MSG.noStepsSelected);
        const saved = await editorApi.deleteSteps(ids);
        set(productsAtom, withSeq(products(), product.id, saved));
        set(
          stepSelectionAtom,
          selectionAfterDelete(
            seq.steps.map((s) => s.id),
            ids,
          ),
        );
      }),
  };
}
