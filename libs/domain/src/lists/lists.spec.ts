import fc from 'fast-check';
import { appendUpTo, insertAt, isIndexOf, moveAt, removeAt } from './lists';

describe('lists', () => {
  it('appends below the limit and refuses at it', () => {
    expect(appendUpTo([1, 2], 3, 3)).toEqual([1, 2, 3]);
    expect(appendUpTo([1, 2, 3], 4, 3)).toBeUndefined();
  });

  it('recognises only whole indexes inside the list', () => {
    expect(isIndexOf(['a', 'b'], 0)).toBe(true);
    expect(isIndexOf(['a', 'b'], 1)).toBe(true);
    expect(isIndexOf(['a', 'b'], 2)).toBe(false);
    expect(isIndexOf(['a', 'b'], -1)).toBe(false);
    expect(isIndexOf(['a', 'b'], 0.5)).toBe(false);
    expect(isIndexOf([], 0)).toBe(false);
  });

  it('removes one item and ignores a stale index', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeAt(['a', 'b'], 5)).toEqual(['a', 'b']);
  });

  it('swaps with the neighbour, and stays put at either end', () => {
    expect(moveAt(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveAt(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveAt(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveAt(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveAt(['a', 'b', 'c'], 7, -1)).toEqual(['a', 'b', 'c']);
  });

  it('inserts at a clamped position', () => {
    expect(insertAt(['a', 'c'], 1, 'b')).toEqual(['a', 'b', 'c']);
    expect(insertAt(['a'], -3, 'z')).toEqual(['z', 'a']);
    expect(insertAt(['a'], 9, 'z')).toEqual(['a', 'z']);
  });

  it('never mutates its input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: -2, max: 12 }), (list, index) => {
        const before = [...list];
        appendUpTo(list, 0, 5);
        removeAt(list, index);
        moveAt(list, index, 1);
        insertAt(list, index, 0);
        expect(list).toEqual(before);
      }),
    );
  });
});
