import { emptySelection, MSG, type EditorProduct, type EditorSeq } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import type { useStore } from 'jotai';
import {
  productAtom,
  productIdAtom,
  productsAtom,
  seqAtom,
  seqIdAtom,
  stepSelectionAtom,
} from '../product.atoms';

export type Store = ReturnType<typeof useStore>;

/**
 * What every group of editor actions shares: the store, read when an action runs (never a stale
 * render's values), and the selection helpers and "nothing selected" messages of docs/requirements/test-editor.md#step-selection.
 */
export function editorContext(store: Store) {
  const { get, set } = store;
  const products = () => get(productsAtom) ?? [];
  const info = (message: string) => {
    notifyInfo(message);
  };

  /** A test and its first step selected (or nothing, for no test). */
  const selectSeqOf = (seq: EditorSeq | undefined) => {
    set(seqIdAtom, seq?.id);
    const first = seq?.steps[0]?.id;
    set(stepSelectionAtom, first === undefined ? emptySelection() : { ids: [first], last: first });
  };
  const selectProductOf = (product: EditorProduct | undefined) => {
    set(productIdAtom, product?.id);
    selectSeqOf(product?.seqs[0]);
  };

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
  /** The selected steps still in the test, in the order they were selected. */
  const selectedIdsOf = (seq: EditorSeq) => {
    const order = new Set(seq.steps.map((s) => s.id));
    return get(stepSelectionAtom).ids.filter((id) => order.has(id));
  };

  return { get, set, products, info, selectSeqOf, selectProductOf, needProduct, needSeq, selectedIdsOf };
}

export type EditorContext = ReturnType<typeof editorContext>;
