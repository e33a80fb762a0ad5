import fc from 'fast-check';
import type { StepSelection } from './selection';
import {
  addedIds,
  clickSelect,
  emptySelection,
  insertAfterStepId,
  insertionIndex,
  selectionAfterAdd,
  selectionAfterDelete,
  selectionAfterPaste,
} from './selection';

const order = [10, 20, 30, 40, 50];
const plain = { shift: false, ctrl: false };
const shift = { shift: true, ctrl: false };
const ctrl = { shift: false, ctrl: true };
const both = { shift: true, ctrl: true };
const sel = (ids: number[], last = ids[ids.length - 1]): StepSelection => ({ ids, last });

describe('clickSelect', () => {
  it('selects only the clicked step on a plain click', () => {
    expect(clickSelect(order, sel([10, 20]), 40, plain)).toEqual(sel([40]));
  });

  it('ignores a click on a step not in the list', () => {
    const before = sel([20]);
    expect(clickSelect(order, before, 99, plain)).toBe(before);
  });

  it('selects the range from the anchor down, in list order', () => {
    expect(clickSelect(order, sel([20]), 40, shift)).toEqual({ ids: [20, 30, 40], last: 20 });
  });

  it('selects the range from the anchor up, in list order', () => {
    expect(clickSelect(order, sel([40]), 10, shift)).toEqual({ ids: [10, 20, 30, 40], last: 40 });
  });

  it('redraws the range from the same anchor on a second shift-click', () => {
    const first = clickSelect(order, sel([30]), 50, shift);
    expect(clickSelect(order, first, 10, shift)).toEqual({ ids: [10, 20, 30], last: 30 });
  });

  it('selects just the clicked step on shift without an anchor', () => {
    expect(clickSelect(order, emptySelection(), 30, shift)).toEqual(sel([30]));
    expect(clickSelect(order, { ids: [], last: 99 }, 30, shift)).toEqual(sel([30]));
  });

  it('adds the range to the selection on ctrl+shift', () => {
    expect(clickSelect(order, { ids: [10, 40], last: 40 }, 50, both)).toEqual({
      ids: [10, 40, 50],
      last: 40,
    });
  });

  it('adds a step on ctrl', () => {
    expect(clickSelect(order, sel([40]), 10, ctrl)).toEqual({ ids: [10, 40], last: 10 });
  });

  it('removes a selected step on ctrl', () => {
    expect(clickSelect(order, sel([10, 40]), 10, ctrl)).toEqual({ ids: [40], last: 10 });
  });

  it('never deselects the last selected step', () => {
    const before = sel([30]);
    expect(clickSelect(order, before, 30, ctrl)).toBe(before);
  });

  it('selects a step on ctrl when none was selected', () => {
    expect(clickSelect(order, emptySelection(), 20, ctrl)).toEqual(sel([20]));
  });

  it('forgets ids no longer in the list on ctrl', () => {
    expect(clickSelect(order, sel([99, 20]), 30, ctrl)).toEqual({ ids: [20, 30], last: 30 });
  });

  it('always leaves at least one step selected, each once, in list order', () => {
    const ids = fc.constantFrom(...order);
    const clicks = fc.array(fc.record({ id: ids, shift: fc.boolean(), ctrl: fc.boolean() }), {
      minLength: 1,
    });
    fc.assert(
      fc.property(clicks, (list) => {
        let s = emptySelection();
        for (const { id, ...mods } of list) s = clickSelect(order, s, id, mods);
        expect(s.ids.length).toBeGreaterThan(0);
        expect(s.ids).toEqual(order.filter((id) => s.ids.includes(id)));
      }),
    );
  });
});

describe('addedIds', () => {
  it('lists the ids the new order gained, in its order', () => {
    expect(addedIds([1, 2, 3], [1, 7, 2, 8, 3])).toEqual([7, 8]);
    expect(addedIds([1, 2], [2, 1])).toEqual([]);
  });
});

describe('selectionAfterAdd', () => {
  it('selects the new steps', () => {
    expect(selectionAfterAdd([10, 60, 20], sel([10]), [60])).toEqual(sel([60]));
    expect(selectionAfterAdd([61, 10, 60], sel([10]), [60, 61])).toEqual(sel([61, 60]));
  });

  it('keeps the old selection, without vanished ids, when no new step is in the list', () => {
    expect(selectionAfterAdd(order, { ids: [20, 99], last: 20 }, [77])).toEqual({ ids: [20], last: 20 });
    expect(selectionAfterAdd(order, { ids: [20, 30], last: 99 }, [])).toEqual({ ids: [20, 30], last: 30 });
    expect(selectionAfterAdd(order, emptySelection(), [])).toEqual(emptySelection());
  });
});

describe('selectionAfterDelete', () => {
  it('selects the step before the first deleted one', () => {
    expect(selectionAfterDelete(order, [30, 50])).toEqual(sel([20]));
  });

  it('selects the first step when the deletion began at the top', () => {
    expect(selectionAfterDelete(order, [10, 20])).toEqual(sel([30]));
  });

  it('selects nothing when no step remains', () => {
    expect(selectionAfterDelete(order, order)).toEqual(emptySelection());
    expect(selectionAfterDelete([], [])).toEqual(emptySelection());
  });

  it('selects the first step when nothing in the list was deleted', () => {
    expect(selectionAfterDelete(order, [99])).toEqual(sel([10]));
  });

  it('always selects a remaining step when one remains', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50)), fc.array(fc.nat(50)), (list, deleted) => {
        const after = selectionAfterDelete(list, deleted);
        const remaining = list.filter((id) => !deleted.includes(id));
        expect(after.ids.length).toBe(remaining.length > 0 ? 1 : 0);
        for (const id of after.ids) expect(remaining).toContain(id);
      }),
    );
  });
});

describe('selectionAfterPaste', () => {
  it('selects the pasted range', () => {
    expect(selectionAfterPaste([7, 8, 9])).toEqual(sel([7, 8, 9]));
    expect(selectionAfterPaste([7, 7])).toEqual(sel([7]));
    expect(selectionAfterPaste([])).toEqual(emptySelection());
  });
});

describe('insertionIndex and insertAfterStepId', () => {
  it('insert at the top when nothing is selected', () => {
    expect(insertionIndex(order, emptySelection())).toBe(0);
    expect(insertAfterStepId(order, emptySelection())).toBe(-1);
    expect(insertionIndex(order, sel([99]))).toBe(0);
  });

  it('insert after the last selected step in list order', () => {
    const s = { ids: [40, 20], last: 20 };
    expect(insertionIndex(order, s)).toBe(4);
    expect(insertAfterStepId(order, s)).toBe(40);
  });

  it('insert at the end after the bottom step', () => {
    expect(insertionIndex(order, sel([50]))).toBe(5);
    expect(insertAfterStepId(order, sel([50]))).toBe(50);
  });
});
