/**
 * Moving the selected steps one place (docs/requirements/test-editor.md#step-selection): allowed only when they form one
 * contiguous block of the list, never past the top or the bottom. The ids stay selected, so
 * the selection moves with the block.
 */
export type MoveDirection = -1 | 1;

interface Block {
  from: number;
  to: number;
}

/** The positions of the selected steps when they are all in the list and contiguous. */
function blockOf(order: readonly number[], selectedIds: readonly number[]): Block | undefined {
  const selected = new Set(selectedIds);
  const positions = order.flatMap((id, i) => (selected.has(id) ? [i] : []));
  const from = positions[0];
  const to = positions[positions.length - 1];
  // a stale id (not in the list) or a gap makes the block unmovable
  if (from === undefined || to === undefined || positions.length !== selected.size) return undefined;
  return to - from + 1 === positions.length ? { from, to } : undefined;
}

function fits(block: Block | undefined, length: number, direction: MoveDirection): block is Block {
  if (!block) return false;
  return direction === -1 ? block.from > 0 : block.to < length - 1;
}

export function canMove(
  order: readonly number[],
  selectedIds: readonly number[],
  direction: MoveDirection,
): boolean {
  return fits(blockOf(order, selectedIds), order.length, direction);
}

/** The new order after the move, or a copy of the old one when the move is not allowed. */
export function moveSteps(
  order: readonly number[],
  selectedIds: readonly number[],
  direction: MoveDirection,
): number[] {
  const block = blockOf(order, selectedIds);
  if (!fits(block, order.length, direction)) return [...order];
  const { from, to } = block;
  const moved = order.slice(from, to + 1);
  return direction === -1
    ? [...order.slice(0, from - 1), ...moved, ...order.slice(from - 1, from), ...order.slice(to + 1)]
    : [...order.slice(0, from), ...order.slice(to + 1, to + 2), ...moved, ...order.slice(to + 2)];
}
