import { startTransition } from 'react';
import { nameWithParam, type EditorProduct } from '@sweepline/domain';
import { takeBootCall } from '../../../app/boot-calls';
import { editorApi } from '../editor.api';
import { withSeq } from '../editor-state';
import {
  paramDraftAtom,
  pendingOrderAtom,
  productIdAtom,
  productsAtom,
  seqIdAtom,
  stepSelectionAtom,
} from '../product.atoms';
import { debounce } from './debounce';
import type { EditorContext } from './editor-context';
import { oneAtATime } from './one-at-a-time';
import { draftAfterAnswer } from './param-draft';

/** Moves wait this long for the next click, so a burst of clicks is one call (docs/requirements/products.md#calls). */
export const MOVE_DEBOUNCE_MS = 400;

/**
 * The one way edits reach the server: the parameter draft (`PUT /step/param`) and a moved order
 * (`PUT /seq/step_order`), saved before any other action runs (docs/requirements/test-editor.md#saving). A failure is
 * shown in the modal error alert and leaves the screen as the server last answered.
 */
export function savePath(ctx: EditorContext, onError: (error: unknown) => void) {
  const { get, set, products } = ctx;
  const orderTimer = debounce(MOVE_DEBOUNCE_MS);
  // parameter saves run one at a time, so their answers arrive in order
  const paramSaves = oneAtATime();

  async function saveOrder() {
    const pending = get(pendingOrderAtom);
    if (!pending) return;
    orderTimer.cancel();
    set(pendingOrderAtom, undefined);
    const seq = products()
      .find((p) => p.id === pending.productId)
      ?.seqs.find((s) => s.id === pending.seqId);
    if (!seq) return;
    try {
      const saved = await editorApi.orderSteps(
        seq.id,
        seq.steps.map((s) => s.id),
      );
      set(productsAtom, withSeq(products(), pending.productId, saved));
    } catch (error) {
      // the order on screen was never stored: show the stored one again
      await load();
      throw error;
    }
  }

  /** Sends the draft; one asked for while a save runs waits for its answer, then sends what is left. */
  const saveParam = () => paramSaves(saveDraft);

  async function saveDraft() {
    const sent = get(paramDraftAtom);
    if (!sent) return;
    const steps = products()
      .find((p) => p.id === sent.productId)
      ?.seqs.find((s) => s.id === sent.seqId)?.steps;
    const step = steps?.find((s) => s.id === sent.stepId);
    if (!steps || !step) {
      set(paramDraftAtom, undefined);
      return;
    }
    // the spec's body names the step too: a default name made from the draft, as on screen
    const saved = await editorApi.saveParam(step.id, sent.param, nameWithParam(step, sent.param, steps));
    const answered = saved.steps.find((s) => s.id === sent.stepId)?.param;
    set(paramDraftAtom, draftAfterAnswer(sent, get(paramDraftAtom), answered));
    set(productsAtom, withSeq(products(), sent.productId, saved));
  }

  /** Runs an action after the pending saves; a failure shows the error alert. */
  async function run(action: () => Promise<void> | void): Promise<boolean> {
    try {
      // with nothing pending the action starts at once, so a selection follows the keys pressed
      if (get(pendingOrderAtom) || get(paramDraftAtom)) {
        await saveOrder();
        await saveParam();
      }
      await action();
      return true;
    } catch (error) {
      onError(error);
      return false;
    }
  }

  /** The products as stored, keeping what is selected where it still exists. */
  async function load() {
    const loaded = await takeBootCall('editor/load', editorApi.load);
    // the editor's first drawing, in slices (docs/web.md, "Answers taken as transitions")
    startTransition(() => take(loaded));
  }

  function take(loaded: EditorProduct[]) {
    set(productsAtom, loaded);
    const product = loaded.find((p) => p.id === get(productIdAtom));
    if (!product) return ctx.selectProductOf(loaded[0]);
    const seq = product.seqs.find((s) => s.id === get(seqIdAtom));
    if (!seq) return ctx.selectSeqOf(product.seqs[0]);
    const order = seq.steps.map((s) => s.id);
    const kept = get(stepSelectionAtom).ids.filter((id) => order.includes(id));
    if (kept.length === 0) return ctx.selectSeqOf(seq);
    set(stepSelectionAtom, { ids: kept, last: kept.at(-1) });
  }

  return {
    run,
    load,
    /** Saves what is pending now; false (and the alert shown) when a save failed. */
    saveNow: () => run(() => undefined),
    /** Sends the moved order once the clicks stop (or before any other action). */
    saveOrderLater: () => orderTimer.request(() => void run(() => undefined)),
  };
}

export type SavePath = ReturnType<typeof savePath>;
