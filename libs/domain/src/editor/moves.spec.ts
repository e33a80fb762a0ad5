import fc from 'fast-check';
import type { MoveDirection } from './moves';
import { canMove, moveSteps } from './moves';

const order = [1, 2, 3, 4, 5];

describe('canMove', () => {
  it('allows a contiguous block inside the list both ways', () => {
    expect(canMove(order, [2, 3], -1)).toBe(true);
    expect(canMove(order, [3, 2], 1)).toBe(true);
  });

  it('refuses move up at the top and move down at the bottom', () => {
    expect(canMove(order, [1, 2], -1)).toBe(false);
    expect(canMove(order, [1, 2], 1)).toBe(true);
    expect(canMove(order, [5], 1)).toBe(false);
    expect(canMove(order, [5], -1)).toBe(true);
  });

  it('refuses a selection with a gap', () => {
    expect(canMove(order, [2, 4], 1)).toBe(false);
  });

  it('refuses an empty selection, a stale id and the whole list', () => {
    expect(canMove(order, [], 1)).toBe(false);
    expect(canMove(order, [2, 99], 1)).toBe(false);
    expect(canMove(order, order, -1)).toBe(false);
  });

  it('counts a repeated id once', () => {
    expect(canMove(order, [2, 2, 3], 1)).toBe(true);
  });
});

describe('moveSteps', () => {
  it('moves a block up one place', () => {
    expect(moveSteps(order, [3, 4], -1)).toEqual([1, 3, 4, 2, 5]);
  });

  it('moves a block down one place', () => {
    expect(moveSteps(order, [3, 4], 1)).toEqual([1, 2, 5, 3, 4]);
  });

  it('moves a single step at the ends', () => {
    expect(moveSteps(order, [2], -1)).toEqual([2, 1, 3, 4, 5]);
    expect(moveSteps(order, [4], 1)).toEqual([1, 2, 3, 5, 4]);
  });

  it('returns an equal copy when the move is not allowed', () => {
    const result = moveSteps(order, [1], -1);
    expect(result).toEqual(order);
    expect(result).not.toBe(order);
  });

  describe('properties', () => {
    const cases = fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 30 }).chain((list) =>
      fc
        .tuple(fc.nat(list.length - 1), fc.nat(list.length - 1), fc.constantFrom<MoveDirection>(-1, 1))
        .map(([a, b, direction]) => ({
          list,
          selected: list.slice(Math.min(a, b), Math.max(a, b) + 1),
          direction,
        })),
    );

    it('keeps every id once', () => {
      fc.assert(
        fc.property(cases, ({ list, selected, direction }) => {
          expect([...moveSteps(list, selected, direction)].sort()).toEqual([...list].sort());
        }),
      );
    });

    it('is undone by the opposite move', () => {
      fc.assert(
        fc.property(cases, ({ list, selected, direction }) => {
          fc.pre(canMove(list, selected, direction));
          const moved = moveSteps(list, selected, direction);
          const opposite: MoveDirection = direction === 1 ? -1 : 1;
          expect(canMove(moved, selected, opposite)).toBe(true);
          expect(moveSteps(moved, selected, opposite)).toEqual(list);
        }),
      );
    });

    it('shifts every selected step by exactly one place', () => {
      fc.assert(
        fc.property(cases, ({ list, selected, direction }) => {
          fc.pre(canMove(list, selected, direction));
          const moved = moveSteps(list, selected, direction);
          for (const id of selected) expect(moved.indexOf(id)).toBe(list.indexOf(id) + direction);
        }),
      );
    });

    it('never changes the input', () => {
      fc.assert(
        fc.property(cases, ({ list, selected, direction }) => {
          const before = [...list];
          moveSteps(list, selected, direction);
          expect(list).toEqual(before);
        }),
      );
    });
  });
});
