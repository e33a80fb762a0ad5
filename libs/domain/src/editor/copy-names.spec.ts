import fc from 'fast-check';
import { textLength } from '../validation/name';
import { copyName } from './copy-names';

describe('copyName', () => {
  it("adds ' - copy' when that name is free", () => {
    expect(copyName('RX band', [])).toBe('RX band - copy');
    expect(copyName('RX band', ['RX band', 'TX band - copy'])).toBe('RX band - copy');
  });

  it('numbers the copy 1 when the plain copy is taken, whatever the case', () => {
    expect(copyName('RX band', ['rx BAND - COPY'])).toBe('RX band - copy - 1');
  });

  it('goes one above the highest number used for that name', () => {
    const existing = ['RX band - copy', 'RX band - copy - 2', 'rx band - Copy - 7', 'TX band - copy - 9'];
    expect(copyName('RX band', existing)).toBe('RX band - copy - 8');
  });

  it('ignores look-alikes that are not numbered copies of the name', () => {
    const existing = ['RX band - copy', 'RX band - copy - 2x', 'XRX band - copy - 5', 'RX.band - copy - 6'];
    expect(copyName('RX band', existing)).toBe('RX band - copy - 1');
  });

  it('treats characters of the name literally', () => {
    expect(copyName('a+b (1)', ['a+b (1) - copy', 'a+b (1) - copy - 3'])).toBe('a+b (1) - copy - 4');
  });

  it('copies a copy by adding to its name', () => {
    expect(copyName('RX band - copy', ['RX band - copy'])).toBe('RX band - copy - copy');
  });

  it('trims the name', () => {
    expect(copyName('  RX  ', [])).toBe('RX - copy');
  });

  it('cuts a long name so the suffix fits in 100 characters', () => {
    const long = 'x'.repeat(100);
    expect(copyName(long, [])).toBe(`${'x'.repeat(93)} - copy`);
    expect(copyName(long, [`${'x'.repeat(93)} - copy`])).toBe(`${'x'.repeat(89)} - copy - 1`);
  });

  it('keeps a name that fits exactly', () => {
    expect(copyName('x'.repeat(93), [])).toHaveLength(100);
  });

  it('ignores a number too large to count on', () => {
    expect(copyName('A', ['A - copy', 'A - copy - 100000000000000000000', 'A - copy - 3'])).toBe(
      'A - copy - 4',
    );
  });

  it('counts the numbered copies of a long name that were cut to fit', () => {
    const existing = [
      `${'x'.repeat(93)} - copy`,
      `${'x'.repeat(89)} - copy - 1`,
      `${'x'.repeat(88)} - copy - 10`,
    ];
    const n9 = `${'x'.repeat(89)} - copy - 9`;
    expect(copyName('x'.repeat(100), [...existing, n9])).toBe(`${'x'.repeat(88)} - copy - 11`);
  });

  it('never returns a name already taken, nor one longer than 100', () => {
    const names = fc.oneof(
      fc.string({ maxLength: 110 }),
      fc.constantFrom('a', 'A', 'x'.repeat(95), 'x'.repeat(100)),
    );
    const withCopies = names.chain((name) =>
      fc.tuple(
        fc.constant(name),
        fc.array(
          fc.oneof(
            names,
            fc.nat(12).map((n) => `${name.toUpperCase()} - copy${n === 0 ? '' : ` - ${n}`}`),
            fc.nat(12).map((n) => `${name.slice(0, 88)} - copy - ${n}`),
          ),
          { maxLength: 15 },
        ),
      ),
    );
    fc.assert(
      fc.property(withCopies, ([name, existing]) => {
        const result = copyName(name, existing);
        expect(existing.map((e) => e.trim().toLowerCase())).not.toContain(result.toLowerCase());
        expect(textLength(result)).toBeLessThanOrEqual(100);
      }),
      { numRuns: 1000 },
    );
  });
});
