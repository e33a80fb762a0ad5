import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('nestsDeeperThan', () => {
  it('takes the deepest allowed nesting and refuses one level more', () => {
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
  });

  it('counts objects and arrays alike, and levels, not brackets', () => {
    expect(nestsDeeperThan(bytes('{"a":[{"b":[]}]}'), 4)).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":[{"b":[[]]}]}'), 4)).toBe(true);
    expect(nestsDeeperThan(bytes('[[],[],[],[],[],[]]'), 2)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(bytes(`["${'['.repeat(100)}"]`), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(`["\\"${'{'.repeat(100)}", "\\\\"]`), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(`["\\\\", [[]]]`), 2)).toBe(true);
  });

  it('reads non-ASCII text as UTF-8 without miscounting', () => {
    expect(nestsDeeperThan(bytes('[{"title":"Prüfung ⟦ 试验 🔧"}]'), 2)).toBe(false);
  });

  it('reads 15 MB of nesting without recursion (its speed: bench/hostile-input.bench.ts)', () => {
    expect(nestsDeeperThan(Buffer.alloc(15 * 1024 * 1024, '['), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(Buffer.alloc(15 * 1024 * 1024, '1'), MAX_JSON_DEPTH)).toBe(false);
  });
});
