import { placeProduct, placeSeq, type EditorProduct, type EditorSeq } from '@sweepline/domain';

/**
 * The product list after a write, built from what the server answered (docs/api/editor.md):
 * never a guess of our own that could drift from the stored rows.
 */

function mapProduct(
  products: readonly EditorProduct[],
  productId: number,
  change: (product: EditorProduct) => EditorProduct,
): EditorProduct[] {
  return products.map((p) => (p.id === productId ? change(p) : p));
}

/** A step call's answer (the updated test) in place of the old test. */
export function withSeq(
  products: readonly EditorProduct[],
  productId: number,
  seq: EditorSeq,
): EditorProduct[] {
  return mapProduct(products, productId, (p) => ({
    ...p,
    seqs: p.seqs.map((s) => (s.id === seq.id ? seq : s)),
  }));
}

/**
 * A new, restored or pasted test in its product: the server answers only that test and shifts the
 * tests in its way; the client shifts them with the same domain rule (docs/requirements/test-editor.md).
 */
export function withPlacedSeq(
  products: readonly EditorProduct[],
  productId: number,
  seq: EditorSeq,
): EditorProduct[] {
  return mapProduct(products, productId, (p) => {
    const placed = placeSeq(p.seqs, seq);
    return { ...p, seqs: placed.ok ? placed.seqs : [...p.seqs, seq] };
  });
}

export function withoutSeq(
  products: readonly EditorProduct[],
  productId: number,
  seqId: number,
): EditorProduct[] {
  return mapProduct(products, productId, (p) => ({ ...p, seqs: p.seqs.filter((s) => s.id !== seqId) }));
}

/** An added, restored or edited product (answered with its tests) in its place by name. */
export function withProduct(products: readonly EditorProduct[], product: EditorProduct): EditorProduct[] {
  return placeProduct(products, product);
}

export function withoutProduct(products: readonly EditorProduct[], productId: number): EditorProduct[] {
  return products.filter((p) => p.id !== productId);
}

/** A test's steps put in a new order on screen, before the debounced call sends it. */
export function withStepOrder(
  products: readonly EditorProduct[],
  productId: number,
  seqId: number,
  order: readonly number[],
): EditorProduct[] {
  return mapProduct(products, productId, (p) => ({
    ...p,
    seqs: p.seqs.map((s) => {
      if (s.id !== seqId) return s;
      const byId = new Map(s.steps.map((step) => [step.id, step]));
      return { ...s, steps: order.map((id) => byId.get(id)!).filter(Boolean) };
    }),
  }));
}

/** The neighbour to select after a row is deleted: the one before it, or the first (docs/requirements/test-editor.md#step-selection). */
export function neighbourAfterDelete(ids: readonly number[], deletedId: number): number | undefined {
  const at = ids.indexOf(deletedId);
  const rest = ids.filter((id) => id !== deletedId);
  return at > 0 ? ids[at - 1] : rest[0];
}
