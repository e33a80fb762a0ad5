import { defaultParam, ActionId, type EditorProduct, type StepParam } from '@sweepline/domain';
import { createStore } from 'jotai';
import { http } from 'msw';
import { ALPHA, PASS_BAND, serveEditor } from '../../../../test/editor-fixtures';
import { ok, path, refuse, server } from '../../../../test/server';
import { withStepOrder } from '../editor-state';
import { paramDraftAtom, pendingOrderAtom, productIdAtom, productsAtom, seqIdAtom } from '../product.atoms';
import { editorContext } from './editor-context';
import { savePath } from './save-path';

/** The save path over a store holding ALPHA, its first test selected. */
function setUp() {
  const store = createStore();
  store.set(productsAtom, [ALPHA]);
  store.set(productIdAtom, ALPHA.id);
  store.set(seqIdAtom, PASS_BAND.id);
  const errors: unknown[] = [];
  const saves = savePath(editorContext(store), (error) => errors.push(error));
  return { store, saves, errors };
}

const REVERSED = PASS_BAND.steps.map((s) => s.id).reverse();
const moved = (products: EditorProduct[]) => withStepOrder(products, ALPHA.id, PASS_BAND.id, REVERSED);
const stepsOnScreen = (products: EditorProduct[] | undefined) =>
  products?.[0]?.seqs[0]?.steps.map((s) => s.id);
const DRAFT_PARAM: StepParam = { ...defaultParam(ActionId.Delay), value: 5 };

describe('the save path (docs/web.md, "How the editor\'s state flows")', () => {
  it('sends the moved order, then the draft, and only then runs the action', async () => {
    const { store, saves } = setUp();
    const calls: string[] = [];
    server.use(
      http.put(path('/seq/step_order/:id'), () => {
        calls.push('order');
        return ok(moved([ALPHA])[0]!.seqs[0]!);
      }),
      http.put(path('/step/param/:id'), () => {
        calls.push('param');
        return ok(PASS_BAND);
      }),
    );
    store.set(productsAtom, moved([ALPHA]));
    store.set(pendingOrderAtom, { productId: ALPHA.id, seqId: PASS_BAND.id });
    store.set(paramDraftAtom, { productId: ALPHA.id, seqId: PASS_BAND.id, stepId: 101, param: DRAFT_PARAM });
    expect(await saves.run(() => void calls.push('action'))).toBe(true);
    expect(calls).toEqual(['order', 'param', 'action']);
    expect(store.get(pendingOrderAtom)).toBeUndefined();
    expect(store.get(paramDraftAtom)).toBeUndefined();
  });

  it('shows the stored order again when the order is refused, and does not run the action', async () => {
    const { store, saves, errors } = setUp();
    const loads = serveEditor([ALPHA]);
    server.use(http.put(path('/seq/step_order/:id'), () => refuse('Test not found', 404)));
    store.set(productsAtom, moved([ALPHA]));
    store.set(pendingOrderAtom, { productId: ALPHA.id, seqId: PASS_BAND.id });
    const action = jest.fn();
    expect(await saves.run(action)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(errors).toHaveLength(1);
    expect(loads.count).toBe(1);
    expect(stepsOnScreen(store.get(productsAtom))).toEqual(PASS_BAND.steps.map((s) => s.id));
  });

  it('keeps the draft when its save is refused, so nothing typed is lost', async () => {
    const { store, saves, errors } = setUp();
    server.use(http.put(path('/step/param/:id'), () => refuse('Step not found', 404)));
    const draft = { productId: ALPHA.id, seqId: PASS_BAND.id, stepId: 101, param: DRAFT_PARAM };
    store.set(paramDraftAtom, draft);
    expect(await saves.saveNow()).toBe(false);
    expect(errors).toHaveLength(1);
    expect(store.get(paramDraftAtom)).toBe(draft);
  });

  it('drops a draft whose step is gone without a call', async () => {
    const { store, saves } = setUp();
    store.set(paramDraftAtom, { productId: ALPHA.id, seqId: PASS_BAND.id, stepId: 999, param: DRAFT_PARAM });
    expect(await saves.saveNow()).toBe(true);
    expect(store.get(paramDraftAtom)).toBeUndefined();
  });
});
