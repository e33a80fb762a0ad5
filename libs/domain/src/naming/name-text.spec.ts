import fc from 'fast-check';
import { cleanNameText, cutToLength } from './name-text';
import { FORBIDDEN_NAME_CHARACTERS, textLength } from '../validation/name';

describe('cleanNameText', () => {
  it('turns invalid name characters into single spaces', () => {
    expect(cleanNameText('Is port 1: OK?')).toBe('Is port 1 OK');
    expect(cleanNameText('a/b\\c*d"e<f>g|h')).toBe('a b c d e f g h');
  });

  it('joins lines and trims', () => {
    expect(cleanNameText('  Connect\n\tport 1  ')).toBe('Connect port 1');
  });

  it('drops control characters', () => {
    expect(cleanNameText('a\u0000b\u007fc')).toBe('a b c');
  });

  it('leaves no invalid character in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const cleaned = cleanNameText(s);
        expect(FORBIDDEN_NAME_CHARACTERS.test(cleaned)).toBe(false);
        expect(cleaned).toBe(cleaned.trim());
      }),
    );
  });
});

describe('cutToLength', () => {
  it('keeps a text of exactly the limit', () => {
    const text = 'x'.repeat(100);
    expect(cutToLength(text, 100)).toBe(text);
  });

  it('cuts one character over the limit', () => {
    expect(cutToLength('x'.repeat(101), 100)).toBe('x'.repeat(100));
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(cutToLength('😀'.repeat(3), 2)).toBe('😀😀');
  });

  it('drops the space a cut leaves at the end', () => {
    expect(cutToLength('abc def', 4)).toBe('abc');
  });

  it('never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(120), (s, max) => {
        expect(textLength(cutToLength(s, max))).toBeLessThanOrEqual(max);
      }),
    );
  });
});
