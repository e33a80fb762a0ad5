import { describeValue, jsonDiff } from './json-diff';

describe('jsonDiff', () => {
  it('finds the differing leaves by path, ignoring key order', () => {
    expect(jsonDiff({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 3, 4] }, a: 1 })).toEqual([
      { path: 'b.c[1]', before: 2, after: 3 },
      { path: 'b.c[2]', before: undefined, after: 4 },
    ]);
    expect(jsonDiff({ x: null }, { x: null })).toEqual([]);
  });

  it('shortens long values for a line of the diff', () => {
    expect(describeValue(undefined)).toBe('(none)');
    expect(describeValue('x'.repeat(100))).toHaveLength(58);
  });
});
