import { canMove, moveSteps, MSG, type MoveDirection } from '@sweepline/domain';
import { withStepOrder } from '../editor-state';
import { paramDraftAtom, pendingOrderAtom, productAtom, productsAtom, seqAtom } from '../product.atoms';
import type { EditorContext } from './editor-context';
import type { SavePath } from './save-path';

/**
 * Move up and down: the order changes on screen at once, so a burst of clicks can be seen; it is
 * sent once the clicks stop (MOVE_DEBOUNCE_MS) or before any other action, and the answer
 * replaces it (a refusal reloads).
 */
export function moveActions(ctx: EditorContext, saves: SavePath) {
  const { get, set, products, info, selectedIdsOf } = ctx;
  return {
    moveSteps: async (direction: MoveDirection) => {
      const product = get(productAtom);
      const seq = get(seqAtom);
      if (!product || !seq) return info(MSG.noTestSelected);
      const pendingOrder = get(pendingOrderAtom);
      // another test's moved order, or a parameter draft, is saved first
      if ((pendingOrder && pendingOrder.seqId !== seq.id) || get(paramDraftAtom)) {
        if (!(await saves.saveNow())) return;
      }
      const ids = selectedIdsOf(seq);
      if (ids.length === 0) return info(MSG.noStepsSelected);
      const order = seq.steps.map((s) => s.id);
      if (!canMove(order, ids, direction)) return;
      set(productsAtom, withStepOrder(products(), product.id, seq.id, moveSteps(order, ids, direction)));
      set(pendingOrderAtom, { productId: product.id, seqId: seq.id });
      saves.saveOrderLater();
    },
  };
}
