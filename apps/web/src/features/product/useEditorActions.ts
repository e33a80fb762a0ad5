import {
  addedIds,
  canMove,
  clickSelect,
  emptySelection,
  insertAfterStepId,
  keepEditsOverAnswer,
  moveSteps,
  MSG,
  NO_ID,
  selectionAfterAdd,
  selectionAfterDelete,
  selectionAfterPaste,
  type ClickModifiers,
  type EditorCal,
  type EditorProduct,
  type EditorSeq,
  type MoveDirection,
  type ProductBody,
  type SeqNumbersBody,
  type StepDialogBody,
} from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { useStore } from 'jotai';
import { useMemo } from 'react';
import { editorApi } from './editor.api';
import {
  neighbourAfterDelete,
  withoutProduct,
  withoutSeq,
  withPlacedSeq,
  withProduct,
  withSeq,
  withStepOrder,
} from './editor-state';
import {
  copiedSeqAtom,
  copiedStepIdsAtom,
  dialogAtom,
  pendingOrderAtom,
  pendingParamAtom,
  productAtom,
  productIdAtom,
  productsAtom,
  seqAtom,
  seqIdAtom,
  stepSelectionAtom,
  type PendingParam,
} from './product.atoms';
import { EDITOR_TEXTS } from './editor-texts';

/** Moves wait this long for the next click, so a burst of clicks is one call (spec 1 section 7). */
export const MOVE_DEBOUNCE_MS = 400;

type Store = ReturnType<typeof useStore>;

/**
 * Every action of the Products screen. Each one first saves what is pending (edited parameters,
 * a moved order: spec 1 section 4), then calls the server and shows its answer. A failure is
 * shown in the modal error alert and leaves the screen as the server last answered.
 */
function editorActions(store: Store, onError: (error: unknown) => void) {
  const get = store.get;
  const set = store.set;
  let moveTimer: ReturnType<typeof setTimeout> | undefined;

  const products = () => get(productsAtom) ?? [];
  const info = (message: string) => {
    notifyInfo(message);
  };

  const selectSeqOf = (seq: EditorSeq | undefined) => {
    set(seqIdAtom, seq?.id);
    const first = seq?.steps[0]?.id;
    set(stepSelectionAtom, first === undefined ? emptySelection() : { ids: [first], last: first });
  };

  const selectProductOf = (product: EditorProduct | undefined) => {
    set(productIdAtom, product?.id);
    selectSeqOf(product?.seqs[0]);
  };

  async function saveOrder() {
    const pending = get(pendingOrderAtom);
    if (!pending) return;
    clearTimeout(moveTimer);
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

  /** The parameter save under way, if any: saves run one at a time, so answers come in order. */
  let paramSave: Promise<void> = Promise.resolve();

  function saveParam(): Promise<void> {
    // a save asked for while one runs waits for its answer, then sends what is still pending
    const next = paramSave.catch(() => undefined).then(saveParamNow);
    paramSave = next;
    return next;
  }

  async function saveParamNow() {
    const pending = get(pendingParamAtom);
    if (!pending) return;
    const step = products()
      .find((p) => p.id === pending.productId)
      ?.seqs.find((s) => s.id === pending.seqId)
      ?.steps.find((s) => s.id === pending.stepId);
    if (!step) {
      set(pendingParamAtom, undefined);
      return;
    }
    const saved = await editorApi.saveParam(
      step.id,
      pending.param,
      step.isDefaultName ? undefined : step.name,
    );
    // an edit made while the call ran stays pending, over what the server answered: the keys
    // typed since are never lost, the rest shows the answer (docs/web.md, "What the panel shows")
    const latest = get(pendingParamAtom);
    const answered = saved.steps.find((s) => s.id === pending.stepId)?.param as unknown as
      PendingParam['param'] | undefined;
    if (latest === pending) set(pendingParamAtom, undefined);
    else if (latest?.stepId === pending.stepId && answered) {
      const param = keepEditsOverAnswer(pending.param, latest.param, answered);
      // the answer itself: the server holds every edit already (a second save answered)
      set(pendingParamAtom, param === answered ? undefined : { ...latest, param });
    }
    set(productsAtom, withSeq(products(), pending.productId, saved));
  }

  /** Saves everything pending; throws when a save fails (the action then does not run). */
  async function flush() {
    await saveOrder();
    await saveParam();
  }

  /** Runs an action after the pending saves; a failure shows the error alert. */
  async function run(action: () => Promise<void> | void): Promise<boolean> {
    try {
      // with nothing pending the action starts at once, so a selection follows the keys pressed
      if (get(pendingOrderAtom) || get(pendingParamAtom)) await flush();
      await action();
      return true;
    } catch (error) {
      onError(error);
      return false;
    }
  }

  async function load() {
    const loaded = await editorApi.load();
    set(productsAtom, loaded);
    const product = loaded.find((p) => p.id === get(productIdAtom));
    if (!product) return selectProductOf(loaded[0]);
    const seq = product.seqs.find((s) => s.id === get(seqIdAtom));
    if (!seq) return selectSeqOf(product.seqs[0]);
    const order = seq.steps.map((s) => s.id);
    const kept = get(stepSelectionAtom).ids.filter((id) => order.includes(id));
    if (kept.length === 0) return selectSeqOf(seq);
    set(stepSelectionAtom, { ids: kept, last: kept.at(-1) });
  }

  const needProduct = () => {
    const product = get(productAtom);
    if (!product) info(MSG.noProductSelected);
    return product;
  };
  const needSeq = () => {
    if (!get(productAtom)) {
      info(MSG.noProductSelected);
      return undefined;
    }
    const seq = get(seqAtom);
    if (!seq) info(MSG.noTestSelected);
    return seq;
  };
  const selectedIdsOf = (seq: EditorSeq) => {
    const order = new Set(seq.steps.map((s) => s.id));
    return get(stepSelectionAtom).ids.filter((id) => order.has(id));
  };

  return {
    flush: () => run(() => undefined),
    load: () => run(load),

    // ---- selection (a change saves the pending edit first)
    selectProduct: (id: number) =>
      run(() => {
        if (id !== get(productIdAtom)) selectProductOf(products().find((p) => p.id === id));
      }),
    selectSeq: (id: number) =>
      run(() => {
        if (id !== get(seqIdAtom)) selectSeqOf(get(productAtom)?.seqs.find((s) => s.id === id));
      }),
    clickStep: (id: number, mods: ClickModifiers) =>
      run(() => {
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

    // ---- products
    openAddProduct: () => run(() => set(dialogAtom, { kind: 'product' })),
    openEditProduct: () =>
      run(() => {
        const product = needProduct();
        if (product) set(dialogAtom, { kind: 'product', product });
      }),
    saveProduct: (body: ProductBody, id: number | undefined) =>
      run(async () => {
        const saved =
          id === undefined ? await editorApi.addProduct(body) : await editorApi.editProduct(id, body);
        set(productsAtom, withProduct(products(), saved));
        set(dialogAtom, undefined);
        if (id === undefined) selectProductOf(saved);
      }),
    askDeleteProduct: () =>
      run(() => {
        const product = needProduct();
        if (product) set(dialogAtom, { kind: 'deleteProduct', product });
      }),
    deleteProduct: (product: EditorProduct) =>
      run(async () => {
        await editorApi.deleteProduct(product.id);
        const next = neighbourAfterDelete(
          products().map((p) => p.id),
          product.id,
        );
        set(productsAtom, withoutProduct(products(), product.id));
        set(dialogAtom, undefined);
        selectProductOf(products().find((p) => p.id === next));
      }),

    // ---- tests
    openAddSeq: () =>
      run(() => {
        if (needProduct()) set(dialogAtom, { kind: 'seqName' });
      }),
    openRenameSeq: () =>
      run(() => {
        const seq = needSeq();
        if (seq) set(dialogAtom, { kind: 'seqName', seq });
      }),
    saveSeqName: (name: string, seqId: number | undefined) =>
      run(async () => {
        const product = get(productAtom);
        if (!product) return;
        if (seqId === undefined) {
          const added = await editorApi.addSeq({
            product_id: product.id,
            name,
            current_seq_id: get(seqIdAtom) ?? NO_ID,
          });
          set(productsAtom, withPlacedSeq(products(), product.id, added));
          selectSeqOf(added);
        } else {
          set(productsAtom, withSeq(products(), product.id, await editorApi.renameSeq(seqId, name)));
        }
        set(dialogAtom, undefined);
      }),
    openProcessControl: () =>
      run(() => {
        const product = needProduct();
        if (product) set(dialogAtom, { kind: 'processControl', product });
      }),
    saveProcessControl: (rows: SeqNumbersBody[]) =>
      run(async () => {
        const product = get(productAtom);
        if (!product) return;
        set(productsAtom, withProduct(products(), await editorApi.processControl(product.id, rows)));
        set(dialogAtom, undefined);
      }),
    copySeq: () =>
      run(() => {
        const seq = needSeq();
        if (!seq) return;
        set(copiedSeqAtom, { id: seq.id, name: seq.name });
        info(MSG.copying(seq.name));
      }),
    pasteSeq: () =>
      run(async () => {
        const copied = get(copiedSeqAtom);
        if (!copied) return info(MSG.copyTestFirst);
        const product = needProduct();
        if (!product) return;
        const pasted = await editorApi.copySeq({
          from_seq_id: copied.id,
          to_product_id: product.id,
          current_seq_id: get(seqIdAtom) ?? NO_ID,
        });
        set(productsAtom, withPlacedSeq(products(), product.id, pasted));
        selectSeqOf(pasted);
      }),
    askDeleteSeq: () =>
      run(() => {
        const seq = needSeq();
        if (seq) set(dialogAtom, { kind: 'deleteSeq', seq });
      }),
    deleteSeq: (seq: EditorSeq) =>
      run(async () => {
        const product = get(productAtom);
        if (!product) return;
        await editorApi.deleteSeq(seq.id);
        const next = neighbourAfterDelete(
          product.seqs.map((s) => s.id),
          seq.id,
        );
        set(productsAtom, withoutSeq(products(), product.id, seq.id));
        set(dialogAtom, undefined);
        selectSeqOf(get(productAtom)?.seqs.find((s) => s.id === next));
      }),
    openCals: () =>
      run(() => {
        const seq = needSeq();
        if (seq) set(dialogAtom, { kind: 'cals', seq });
      }),
    /** The calibration dialog's save: throws on a refusal so the dialog stays open. */
    saveCals: async (cals: EditorCal[]) => {
      const product = get(productAtom);
      const seq = get(seqAtom);
      if (!product || !seq) return;
      const ok = await run(async () => {
        set(productsAtom, withSeq(products(), product.id, await editorApi.saveCals(seq.id, cals)));
        set(dialogAtom, undefined);
      });
      if (!ok) throw new Error(EDITOR_TEXTS.calibrationsNotSaved);
    },

    // ---- steps
    openAddStep: () =>
      run(() => {
        if (needSeq()) set(dialogAtom, { kind: 'step' });
      }),
    openEditStep: () =>
      run(() => {
        const seq = needSeq();
        if (!seq) return;
        const ids = selectedIdsOf(seq);
        if (ids.length === 0) return info(MSG.noStepSelected);
        if (ids.length > 1) return info(EDITOR_TEXTS.selectOneStep);
        set(dialogAtom, { kind: 'step', step: seq.steps.find((s) => s.id === ids[0]) });
      }),
    saveStep: (body: StepDialogBody, stepId: number | undefined) =>
      run(async () => {
        const product = get(productAtom);
        const seq = get(seqAtom);
        if (!product || !seq) return;
        const order = seq.steps.map((s) => s.id);
        const sel = get(stepSelectionAtom);
        const saved =
          stepId === undefined
            ? await editorApi.addStep({
                ...body,
                seq_id: seq.id,
                after_step_id: insertAfterStepId(order, sel),
              })
            : await editorApi.editStep(stepId, body);
        set(productsAtom, withSeq(products(), product.id, saved));
        const after = saved.steps.map((s) => s.id);
        if (stepId === undefined)
          set(stepSelectionAtom, selectionAfterAdd(after, sel, addedIds(order, after)));
        set(dialogAtom, undefined);
      }),
    copySteps: () =>
      run(() => {
        const seq = needSeq();
        if (!seq) return;
        const ids = selectedIdsOf(seq);
        if (ids.length === 0) return info(MSG.noStepsSelected);
        set(copiedStepIdsAtom, ids);
        const first = seq.steps.find((s) => s.id === ids[0])!;
        info(MSG.copying(ids.length === 1 ? first.name : EDITOR_TEXTS.stepsCount(ids.length)));
      }),
    pasteSteps: () =>
      run(async () => {
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
    /** Moves on screen at once; the order is sent once the clicks stop (or before any other action). */
    moveSteps: async (direction: MoveDirection) => {
      const product = get(productAtom);
      const seq = get(seqAtom);
      if (!product || !seq) return info(MSG.noTestSelected);
      const pendingOrder = get(pendingOrderAtom);
      // another test's moved order, or an edited parameter, is saved first
      if ((pendingOrder && pendingOrder.seqId !== seq.id) || get(pendingParamAtom)) {
        if (!(await run(() => undefined))) return;
      }
      const ids = selectedIdsOf(seq);
      if (ids.length === 0) return info(MSG.noStepsSelected);
      const order = seq.steps.map((s) => s.id);
      if (!canMove(order, ids, direction)) return;
      set(productsAtom, withStepOrder(products(), product.id, seq.id, moveSteps(order, ids, direction)));
      set(pendingOrderAtom, { productId: product.id, seqId: seq.id });
      clearTimeout(moveTimer);
      moveTimer = setTimeout(() => void run(() => undefined), MOVE_DEBOUNCE_MS);
    },
    deleteSteps: () =>
      run(async () => {
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

    // ---- the parameter panel
    editParam: (param: Record<string, unknown>) => {
      const product = get(productAtom);
      const seq = get(seqAtom);
      const ids = get(stepSelectionAtom).ids;
      if (!product || !seq || ids.length !== 1) return;
      set(pendingParamAtom, { productId: product.id, seqId: seq.id, stepId: ids[0]!, param });
    },
    saveParam: () => run(() => undefined),
    closeDialog: () => set(dialogAtom, undefined),
  };
}

export type EditorActions = ReturnType<typeof editorActions>;

export function useEditorActions(onError: (error: unknown) => void): EditorActions {
  const store = useStore();
  // one set of actions per store: they read the atoms when they run, never a stale render's values
  return useMemo(() => editorActions(store, onError), [store]);
}
