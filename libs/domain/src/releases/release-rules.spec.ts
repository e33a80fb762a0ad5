import { canonicalJson, RELEASE_MSG, releaseNoteError } from './release-rules';

describe('release notes', () => {
  it('take 1 to 500 characters once trimmed', () => {
    expect(releaseNoteError('Tightened IL to 1.2 dB')).toBeUndefined();
    expect(releaseNoteError('x'.repeat(500))).toBeUndefined();
    expect(releaseNoteError('x'.repeat(501))).toBe(RELEASE_MSG.note);
    expect(releaseNoteError('   ')).toBe(RELEASE_MSG.note);
    expect(releaseNoteError(undefined)).toBe(RELEASE_MSG.note);
    expect(releaseNoteError(7, RELEASE_MSG.reason)).toBe(RELEASE_MSG.reason);
  });
});

describe('canonicalJson', () => {
  it('writes equal contents alike, whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe(
      canonicalJson({ a: [{ c: 'x', d: null }], b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('tells apart contents that differ in a value or an order of a list', () => {
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1.2 })).not.toBe(canonicalJson({ a: 1.25 }));
  });
});
