import fc from 'fast-check';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { FORBIDDEN_NAME_CHARACTERS, longTextError, nameError, textLength } from './name';

const FORBIDDEN = ['\\', '/', ':', '*', '?', '"', '<', '>', '|'];
/** One code point (no lone surrogate) that a name may hold and that trim() keeps. */
const safeChar = fc
  .integer({ min: 0x20, max: 0x10ffff })
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp))
  .filter((c) => !FORBIDDEN_NAME_CHARACTERS.test(c) && c.trim() !== '');

describe('nameError', () => {
  it('accepts an ordinary name', () => {
    expect(nameError('F-200 duplexer (rev. B)')).toBeUndefined();
  });

  it.each(['', ' ', '   \t\n'])('refuses the blank name %j with Empty input', (value) => {
    expect(nameError(value)).toBe(MSG.emptyInput);
  });

  it.each(FORBIDDEN)('refuses %s with Invalid character', (c) => {
    expect(nameError(`a${c}b`)).toBe(MSG.invalidCharacter);
  });

  it('refuses control characters, which file names cannot hold', () => {
    expect(nameError('a\u0000b')).toBe(MSG.invalidCharacter);
    expect(nameError('a\tb')).toBe(MSG.invalidCharacter);
    expect(nameError('a\u007fb')).toBe(MSG.invalidCharacter);
  });

  it('judges the trimmed value', () => {
    expect(nameError(`  ${'a'.repeat(100)}  `)).toBeUndefined();
    expect(nameError('\tname\n')).toBeUndefined();
  });

  it('allows 100 characters and refuses 101', () => {
    expect(nameError('a'.repeat(100))).toBeUndefined();
    expect(nameError('a'.repeat(101))).toBe(MSG.noMoreThanCharacters(100));
    expect(MSG.noMoreThanCharacters(100)).toBe('No more than 100 characters');
  });

  it('takes another maximum for long texts', () => {
    expect(nameError('a'.repeat(200), LIMITS.longTextLength)).toBeUndefined();
    expect(nameError('a'.repeat(201), LIMITS.longTextLength)).toBe(MSG.noMoreThanCharacters(200));
    expect(longTextError('a'.repeat(200))).toBeUndefined();
    expect(longTextError('a'.repeat(201))).toBe('No more than 200 characters');
    expect(longTextError(' ')).toBe(MSG.emptyInput);
  });

  it('counts code points, so 100 emoji fit', () => {
    expect(textLength('😀')).toBe(1);
    expect(nameError('😀'.repeat(100))).toBeUndefined();
    expect(nameError('😀'.repeat(101))).toBe(MSG.noMoreThanCharacters(100));
  });

  it('reports blank before a bad character and a bad character before length', () => {
    expect(nameError(`${'a'.repeat(150)}|`)).toBe(MSG.invalidCharacter);
  });

  it('accepts any name of allowed characters up to the maximum', () => {
    fc.assert(
      fc.property(fc.array(safeChar, { minLength: 1, maxLength: 100 }), (chars) => {
        expect(nameError(chars.join(''))).toBeUndefined();
      }),
    );
  });

  it('refuses any non-blank name holding a forbidden character', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...FORBIDDEN), fc.string(), (a, c, b) => {
        expect(nameError(`x${a}${c}${b}`)).toBe(MSG.invalidCharacter);
      }),
    );
  });

  it('never depends on surrounding white space', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '\t', '\n', '\r\n'), (s, ws) => {
        expect(nameError(`${ws}${s}${ws}`)).toBe(nameError(s));
      }),
    );
  });
});
