import type { EditorCal } from '@sweepline/domain';
import { editorApi } from '../editor.api';
import { EDITOR_TEXTS } from '../editor-texts';
import { withSeq } from '../editor-state';
import { dialogAtom, productAtom, productsAtom, seqAtom } from '../product.atoms';
import type { EditorContext } from './editor-context';
import type { SavePath } from './save-path';

/** 'Set Up Calibrations' of a test (docs/requirements/step-parameters.md#calibrations). */
export function calActions(ctx: EditorContext, saves: SavePath) {
  const { get, set, products, needSeq } = ctx;
  return {
    openCals: () =>
      saves.run(() => {
        const seq = needSeq();
        if (seq) set(dialogAtom, { kind: 'cals', seq });
      }),
    /** The calibration dialog's save: throws on a refusal so the dialog stays open. */
    saveCals: async (cals: EditorCal[]) => {
      const product = get(productAtom);
      const seq = get(seqAtom);
      if (!product || !seq) return;
      const ok = await saves.run(async () => {
        set(productsAtom, withSeq(products(), product.id, await editorApi.saveCals(seq.id, cals)));
        set(dialogAtom, undefined);
      });
      if (!ok) throw new Error(EDITOR_TEXTS.calibrationsNotSaved);
    },
  };
}
