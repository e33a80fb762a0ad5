import { NO_ID } from '../params/params.types';

/**
 * The selected steps of a test (docs/requirements/test-editor.md#step-selection, "Step selection"). `ids` are kept in list
 * order; `last` is the anchor of a shift-click: the step clicked last without shift.
 */
export interface StepSelection {
  ids: number[];
  last: number | undefined;
}

export interface ClickModifiers {
  shift: boolean;
  ctrl: boolean;
}

export function emptySelection(): StepSelection {
  return { ids: [], last: undefined };
}

/** The ids that are in the list, in list order, each once. */
function inListOrder(order: readonly number[], ids: Iterable<number>): number[] {
  const wanted = new Set(ids);
  return order.filter((id) => wanted.has(id));
}

function lastOf(ids: readonly number[]): number | undefined {
  return ids[ids.length - 1];
}

/**
 * Shift selects from the anchor to the clicked step, as file lists do: the anchor stays, so
 * a second shift-click redraws the range from the same step. With ctrl too, the range is
 * added to what was selected.
 */
function rangeSelect(
  order: readonly number[],
  sel: StepSelection,
  id: number,
  at: number,
  add: boolean,
): StepSelection {
  const anchor = sel.last === undefined ? -1 : order.indexOf(sel.last);
  if (anchor < 0) return { ids: [id], last: id };
  const range = order.slice(Math.min(anchor, at), Math.max(anchor, at) + 1);
  return { ids: inListOrder(order, add ? [...sel.ids, ...range] : range), last: sel.last };
}

function toggleSelect(order: readonly number[], sel: StepSelection, id: number): StepSelection {
  const current = inListOrder(order, sel.ids);
  if (!current.includes(id)) return { ids: inListOrder(order, [...current, id]), last: id };
  // docs/requirements/test-editor.md#layout: the last selected step is never deselected
  if (current.length === 1) return sel;
  return { ids: current.filter((x) => x !== id), last: id };
}

/** The selection after a click on step `id`; a click on a step not in the list changes nothing. */
export function clickSelect(
  order: readonly number[],
  sel: StepSelection,
  id: number,
  mods: ClickModifiers,
): StepSelection {
  const at = order.indexOf(id);
  if (at < 0) return sel;
  if (mods.shift) return rangeSelect(order, sel, id, at, mods.ctrl);
  if (mods.ctrl) return toggleSelect(order, sel, id);
  return { ids: [id], last: id };
}

/** The ids of `after` that `before` did not hold: the steps an add or a paste created. */
export function addedIds(before: readonly number[], after: readonly number[]): number[] {
  const old = new Set(before);
  return after.filter((id) => !old.has(id));
}

/**
 * After an add the new steps are selected (docs/requirements/test-editor.md#step-selection). When none of them is in the
 * list (the reply did not hold them), the old selection stays, without ids that are gone.
 */
export function selectionAfterAdd(
  order: readonly number[],
  sel: StepSelection,
  newIds: readonly number[],
): StepSelection {
  const added = inListOrder(order, newIds);
  if (added.length > 0) return { ids: added, last: lastOf(added) };
  const kept = inListOrder(order, sel.ids);
  return { ids: kept, last: sel.last !== undefined && order.includes(sel.last) ? sel.last : lastOf(kept) };
}

/**
 * After a delete the step before the first deleted one is selected, or the first step when
 * the deletion began at the top (docs/requirements/test-editor.md#step-selection); nothing when no step remains.
 */
export function selectionAfterDelete(
  orderBefore: readonly number[],
  deletedIds: readonly number[],
): StepSelection {
  const deleted = new Set(deletedIds);
  const remaining = orderBefore.filter((id) => !deleted.has(id));
  const firstDeleted = orderBefore.findIndex((id) => deleted.has(id));
  const target = firstDeleted > 0 ? orderBefore[firstDeleted - 1] : remaining[0];
  return target === undefined ? emptySelection() : { ids: [target], last: target };
}

/** After a paste the pasted range is selected (docs/requirements/test-editor.md#copy-and-paste). */
export function selectionAfterPaste(pastedIds: readonly number[]): StepSelection {
  const ids = [...new Set(pastedIds)];
  return { ids, last: lastOf(ids) };
}

/**
 * Where added or pasted steps go: right after the last selected step in list order, or at
 * the top when none is selected (docs/requirements/test-editor.md#step-selection).
 */
export function insertionIndex(order: readonly number[], sel: StepSelection): number {
  const chosen = new Set(sel.ids);
  for (let i = order.length - 1; i >= 0; i--) {
    if (chosen.has(order[i] as number)) return i + 1;
  }
  return 0;
}

/** The wire's after_step_id for an add or paste: the step to follow, or -1 for the top. */
export function insertAfterStepId(order: readonly number[], sel: StepSelection): number {
  const index = insertionIndex(order, sel);
  return index === 0 ? NO_ID : (order[index - 1] as number);
}
