import { clickSelect, type ClickModifiers, type StepParam } from '@sweepline/domain';
import {
  dialogAtom,
  paramDraftAtom,
  productAtom,
  productIdAtom,
  seqAtom,
  seqIdAtom,
  stepSelectionAtom,
} from '../product.atoms';
import type { EditorContext } from './editor-context';
import type { SavePath } from './save-path';

/** Choosing a product, a test or steps (a change saves the draft first), and editing the draft. */
export function selectionActions(ctx: EditorContext, saves: SavePath) {
  const { get, set, products } = ctx;
  return {
    load: () => saves.run(saves.load),
    selectProduct: (id: number) =>
      saves.run(() => {
        if (id !== get(productIdAtom)) ctx.selectProductOf(products().find((p) => p.id === id));
      }),
    selectSeq: (id: number) =>
      saves.run(() => {
        if (id !== get(seqIdAtom)) ctx.selectSeqOf(get(productAtom)?.seqs.find((s) => s.id === id));
      }),
    clickStep: (id: number, mods: ClickModifiers) =>
      saves.run(() => {
        const seq = get(seqAtom);
        if (!seq) return;
        set(
          stepSelectionAtom,
          clickSelect(
            seq.steps.map((s) => s.id),
            get(stepSelectionAtom),
            id,
            mods,
          ),
        );
      }),

    /** The parameter form's edit: the selected step's draft is now this param. */
    editParam: (param: StepParam) => {
      const product = get(productAtom);
      const seq = get(seqAtom);
      const ids = get(stepSelectionAtom).ids;
      if (!product || !seq || ids.length !== 1) return;
      set(paramDraftAtom, { productId: product.id, seqId: seq.id, stepId: ids[0]!, param });
    },
    /** The red 'Changes not saved, click to save' hint. */
    saveParam: () => saves.saveNow(),
    closeDialog: () => set(dialogAtom, undefined),
  };
}
