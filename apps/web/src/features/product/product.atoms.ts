import {
  canEdit,
  emptySelection,
  nameWithParam,
  type EditorProduct,
  type EditorSeq,
  type EditorStep,
  type StepParam,
  type StepSelection,
} from '@sweepline/domain';
import { createAtom, createDerivedAtom } from '../../app/create-atom';
import { sessionUserAtom } from '../../app/session.atoms';

/** The account's products as GET /user/edit answered, then as each write answered. */
export const productsAtom = createAtom<EditorProduct[] | undefined>('product.products', undefined);

export const productIdAtom = createAtom<number | undefined>('product.productId', undefined);
export const seqIdAtom = createAtom<number | undefined>('product.seqId', undefined);
export const stepSelectionAtom = createAtom<StepSelection>('product.stepSelection', emptySelection());

/**
 * The draft of a step's parameters: edited and not saved yet (docs/requirements/test-editor.md#saving, "Save state").
 * The one place an edit lives: the form shows it and writes it, the save path sends it.
 */
export interface ParamDraft {
  productId: number;
  seqId: number;
  stepId: number;
  param: StepParam;
}
export const paramDraftAtom = createAtom<ParamDraft | undefined>('product.paramDraft', undefined);

/** A test whose steps were moved on screen and whose new order is not sent yet (moves are debounced). */
export const pendingOrderAtom = createAtom<{ productId: number; seqId: number } | undefined>(
  'product.pendingOrder',
  undefined,
);

/** What Copy remembered: the source test, and the source steps (docs/requirements/test-editor.md#copy-and-paste). */
export const copiedSeqAtom = createAtom<{ id: number; name: string } | undefined>(
  'product.copiedSeq',
  undefined,
);
export const copiedStepIdsAtom = createAtom<number[]>('product.copiedStepIds', []);

/** The open dialog of the screen. */
export type EditorDialog =
  | { kind: 'product'; product?: EditorProduct }
  | { kind: 'seqName'; seq?: EditorSeq }
  | { kind: 'processControl'; product: EditorProduct }
  | { kind: 'step'; step?: EditorStep }
  | { kind: 'cals'; seq: EditorSeq }
  | { kind: 'deleteProduct'; product: EditorProduct }
  | { kind: 'release'; seq: EditorSeq }
  | { kind: 'releases'; seq: EditorSeq };
export const dialogAtom = createAtom<EditorDialog | undefined>('product.dialog', undefined);

/** Operators see the editor without its tools (docs/requirements/roles.md). */
export const readOnlyAtom = createDerivedAtom(
  'product.readOnly',
  (get) => !canEdit(get(sessionUserAtom).role),
);

export const productAtom = createDerivedAtom('product.product', (get) => {
  const id = get(productIdAtom);
  return get(productsAtom)?.find((p) => p.id === id);
});

export const seqAtom = createDerivedAtom('product.seq', (get) => {
  const id = get(seqIdAtom);
  return get(productAtom)?.seqs.find((s) => s.id === id);
});

/**
 * The selected test's steps as the Test Steps list shows them: a default-name step being edited
 * is named from its draft at once (spec "Default-name steps": its name is regenerated from the
 * parameters); the save sends that name, and the server makes the same (nameWithParam).
 */
export const shownStepsAtom = createDerivedAtom('product.shownSteps', (get) => {
  const seq = get(seqAtom);
  const draft = get(paramDraftAtom);
  if (!seq || draft?.seqId !== seq.id) return seq?.steps;
  return seq.steps.map((step) => {
    if (step.id !== draft.stepId) return step;
    const name = nameWithParam(step, draft.param, seq.steps);
    return name === step.name ? step : { ...step, name };
  });
});

/** The step the parameter panel shows: the one selected step (several or none: no panel). */
export const panelStepAtom = createDerivedAtom('product.panelStep', (get) => {
  const { ids } = get(stepSelectionAtom);
  if (ids.length !== 1) return undefined;
  return get(seqAtom)?.steps.find((s) => s.id === ids[0]);
});

/**
 * The param the panel shows: the step's draft when it has one, else the step as the server
 * answered. A save's answer reaches the draft merged under the keys typed since, so they are
 * never lost (docs/web.md, "The parameter draft").
 */
export const panelParamAtom = createDerivedAtom('product.panelParam', (get) => {
  const step = get(panelStepAtom);
  const draft = get(paramDraftAtom);
  return draft && draft.stepId === step?.id ? draft.param : step?.param;
});
