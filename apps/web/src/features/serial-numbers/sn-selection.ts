/**
 * The selected serial numbers of the list (docs/requirements/serial-numbers.md#screen): a plain click selects one, ctrl
 * (or cmd) toggles one, shift selects the range from the anchor, as file lists do. Indexes are
 * positions in the list shown; the selection itself holds serial numbers, so it survives a
 * search that hides some of them.
 */
export interface SnSelection {
  selected: ReadonlySet<string>;
  /** The row a shift-click ranges from: the one clicked last without shift. */
  anchor: number | undefined;
}

export const NO_SELECTION: SnSelection = { selected: new Set(), anchor: undefined };

export function clickSn(
  shown: readonly string[],
  sel: SnSelection,
  index: number,
  mods: { shift: boolean; ctrl: boolean },
): SnSelection {
  const sn = shown[index];
  if (sn === undefined) return sel;
  if (mods.shift && sel.anchor !== undefined && sel.anchor < shown.length) {
    const from = Math.min(sel.anchor, index);
    const range = shown.slice(from, Math.max(sel.anchor, index) + 1);
    return { selected: new Set(mods.ctrl ? [...sel.selected, ...range] : range), anchor: sel.anchor };
  }
  if (mods.ctrl) {
    const selected = new Set(sel.selected);
    if (selected.has(sn)) selected.delete(sn);
    else selected.add(sn);
    return { selected, anchor: index };
  }
  return { selected: new Set([sn]), anchor: index };
}

/** The selected serial numbers in list order (what Jump and Delete send). */
export function selectedInOrder(all: readonly string[], sel: SnSelection): string[] {
  return sel.selected.size === 0 ? [] : all.filter((sn) => sel.selected.has(sn));
}

/**
 * The list after an add: sorted by code point as GET /sn sorts it (serial numbers are ASCII, so
 * JavaScript's UTF-16 order is the same), with the new ones merged in.
 */
export function mergeSorted(list: readonly string[], added: readonly string[]): string[] {
  const sortedAdded = [...added].sort();
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < list.length || j < sortedAdded.length) {
    if (j >= sortedAdded.length || (i < list.length && list[i]! < sortedAdded[j]!)) out.push(list[i++]!);
    else out.push(sortedAdded[j++]!);
  }
  return out;
}

/** The serial numbers holding `term` (case-insensitive); all of them for a blank term. */
export function searchSns(list: readonly string[], term: string): readonly string[] {
  const wanted = term.trim().toLowerCase();
  return wanted === '' ? list : list.filter((sn) => sn.toLowerCase().includes(wanted));
}
