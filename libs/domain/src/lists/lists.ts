/**
 * Small pure list edits shared by the editor rules (calibrations, traces, lines, markers,
 * alignments, answer choices). Each returns a new array and never mutates its input; an index
 * outside the list leaves the list as it was, because the index comes from a UI selection that
 * may be stale.
 */

/** The list with the item appended, or undefined when it already holds `max` items. */
export function appendUpTo<T>(list: readonly T[], item: T, max: number): T[] | undefined {
  return list.length < max ? [...list, item] : undefined;
}

export function isIndexOf(list: readonly unknown[], index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < list.length;
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Swaps the item at `index` with its neighbour; unchanged when either end would be left. */
export function moveAt<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  if (!isIndexOf(list, index) || !isIndexOf(list, index + direction)) return [...list];
  const first = Math.min(index, index + direction);
  return [...list.slice(0, first), ...list.slice(first, first + 2).reverse(), ...list.slice(first + 2)];
}

/** The list with the item inserted at `index` (clamped to the list). */
export function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  const at = Math.min(Math.max(index, 0), list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}
