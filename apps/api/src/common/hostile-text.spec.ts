import { bracketPath, findHostilePart, hostileMessage } from './hostile-text';

describe('findHostilePart', () => {
  it('finds a NUL in a text, a key or a nested item, with its path', () => {
    expect(findHostilePart('a\u0000b')).toEqual({ path: [], kind: 'nul' });
    expect(findHostilePart({ sn: 'SN\u0000' })).toEqual({ path: ['sn'], kind: 'nul' });
    expect(findHostilePart({ ['k\u0000']: 1 })).toEqual({ path: ['k\u0000'], kind: 'nul' });
    expect(findHostilePart({ steps: [{ title: 'ok' }, { title: '\u0000' }] })).toEqual({
      path: ['steps', 1, 'title'],
      kind: 'nul',
    });
  });

  it('finds the prototype keys JSON.parse makes own properties', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body: unknown = JSON.parse(`{"a":{"b":[{"${key}":{"x":1}}]}}`);
      expect(findHostilePart(body)).toEqual({ path: ['a', 'b', 0, key], kind: 'prototypeKey' });
    }
  });

  it('names the first bad part of a level, before those of the levels under it', () => {
    expect(findHostilePart({ a: { b: '\u0000' }, c: '\u0000' })?.path).toEqual(['c']);
    expect(findHostilePart([{ a: '\u0000' }, { b: '\u0000' }])?.path).toEqual([0, 'a']);
  });

  it('passes clean values, and walks any depth without recursion', () => {
    expect(findHostilePart({ a: [1, 'two', null, { b: true }] })).toBeUndefined();
    expect(findHostilePart(42)).toBeUndefined();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findHostilePart(deep)?.kind).toBe('nul');
  });

  it('says what is wrong where', () => {
    expect(hostileMessage({ path: ['sn'], kind: 'nul' }, 'sn')).toBe(
      'sn: A text may not hold the NUL character (U+0000)',
    );
    expect(hostileMessage({ path: ['__proto__'], kind: 'prototypeKey' }, '__proto__')).toBe(
      '__proto__: property __proto__ should not exist',
    );
  });

  it('prints a path as the run upload names its fields', () => {
    expect(bracketPath(['steps', 3, 'title'])).toBe('steps[3].title');
    expect(bracketPath(['traces', 0, 'values', 7])).toBe('traces[0].values[7]');
  });
});
