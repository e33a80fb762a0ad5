import fc from 'fast-check';
import { MSG } from '../limits/messages';
import {
  isValidSerialNumber,
  parseSerialNumbers,
  SERIAL_NUMBER_MAX_LENGTH,
  SERIAL_NUMBERS_TEXT_MAX_LENGTH,
} from './serial-numbers';

const sns = (n: number) => Array.from({ length: n }, (_, i) => `SN-${String(i).padStart(4, '0')}`);
const FIRST = [...'ABCXYZabcxyz0189'];
const REST = [...FIRST, ...'-_.#+()'];
const validSn = fc
  .tuple(
    fc.constantFrom(...FIRST),
    fc.array(fc.constantFrom(...REST), { maxLength: SERIAL_NUMBER_MAX_LENGTH - 1 }),
  )
  .map(([a, rest]) => a + rest.join(''));

describe('isValidSerialNumber', () => {
  it.each(['A', '0', 'SN-0001', 'ab_12.3', 'X#1+2(3)', 'a'.repeat(64)])('accepts %s', (s) => {
    expect(isValidSerialNumber(s)).toBe(true);
  });

  it.each([
    '',
    ' A1',
    'A 1',
    'A\t1',
    '-A1',
    '.A1',
    '_A1',
    '(A1)',
    'A\\1',
    'A/1',
    'A:1',
    'A*1',
    'A?1',
    'A"1',
    'A<1',
    'A>1',
    'A|1',
    'A,1',
    'Aé1',
    'a'.repeat(65),
  ])('refuses %j', (s) => {
    expect(isValidSerialNumber(s)).toBe(false);
  });
});

describe('parseSerialNumbers', () => {
  it.each(['', '   ', '\n\r\n\t'])('asks for serial numbers when the input is %j', (input) => {
    expect(parseSerialNumbers(input)).toEqual({ ok: false, error: MSG.enterSerialNumber });
  });

  it('takes one serial number', () => {
    expect(parseSerialNumbers('A1')).toEqual({ ok: true, serialNumbers: ['A1'] });
  });

  it('trims the input and each line, and splits at \\r\\n, \\n and \\r', () => {
    expect(parseSerialNumbers('\n  A1 \r\n\tB2\rC3  \n\n')).toEqual({
      ok: true,
      serialNumbers: ['A1', 'B2', 'C3'],
    });
  });

  it('refuses an empty line inside the input, naming the line', () => {
    expect(parseSerialNumbers('A1\n\nB2')).toEqual({ ok: false, error: MSG.removeEmptyLines, line: 2 });
    expect(parseSerialNumbers('A1\n   \nB2')).toEqual({ ok: false, error: MSG.removeEmptyLines, line: 2 });
    expect(parseSerialNumbers('A1\r\n\r\nB2').ok).toBe(false);
  });

  it('refuses an invalid character, naming the first bad line', () => {
    expect(parseSerialNumbers('A1\nB 2\nC/3')).toEqual({ ok: false, error: MSG.invalidCharacter, line: 2 });
  });

  it('refuses a serial number over 64 characters', () => {
    expect(parseSerialNumbers(`A1\n${'b'.repeat(65)}`)).toEqual({
      ok: false,
      error: 'No more than 64 characters',
      line: 2,
    });
  });

  it('refuses the first repeated serial number', () => {
    expect(parseSerialNumbers('A1\nB2\nB2\nA1')).toEqual({ ok: false, error: 'B2 duplicated', line: 3 });
  });

  it('treats serial numbers as case-sensitive', () => {
    expect(parseSerialNumbers('ab-1\nAB-1')).toEqual({ ok: true, serialNumbers: ['ab-1', 'AB-1'] });
  });

  it.each([1, 999, 1000])('accepts %i serial numbers', (n) => {
    const result = parseSerialNumbers(sns(n).join('\n'));
    expect(result.ok && result.serialNumbers).toEqual(sns(n));
  });

  it('refuses 1001 serial numbers', () => {
    expect(parseSerialNumbers(sns(1001).join('\n'))).toEqual({
      ok: false,
      error: MSG.noMoreThan1000SerialNumbers,
    });
  });

  it('checks in order: empty lines, count, characters, duplicates', () => {
    expect(parseSerialNumbers(`${sns(1001).join('\n')}\n\nA 1`)).toMatchObject({
      error: MSG.removeEmptyLines,
    });
    expect(parseSerialNumbers(`${sns(1001).join('\n')}\nA 1`)).toMatchObject({
      error: MSG.noMoreThan1000SerialNumbers,
    });
    expect(parseSerialNumbers('A1\nA1\nA 1')).toMatchObject({ error: MSG.invalidCharacter });
  });

  it('returns distinct valid serial numbers as given, whatever the line endings', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(validSn, { minLength: 1, maxLength: 50 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        (list, eol) => {
          expect(parseSerialNumbers(list.map((s) => ` ${s}\t`).join(eol))).toEqual({
            ok: true,
            serialNumbers: list,
          });
        },
      ),
    );
  });

  it('refuses any list holding a repeat, naming the first one', () => {
    fc.assert(
      fc.property(fc.uniqueArray(validSn, { minLength: 1, maxLength: 30 }), fc.nat(), (list, i) => {
        const repeated = list[i % list.length] ?? '';
        const result = parseSerialNumbers([...list, repeated].join('\n'));
        expect(result).toEqual({ ok: false, error: MSG.duplicated(repeated), line: list.length + 1 });
      }),
    );
  });

  it('never accepts an invalid serial number', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 20 }), (lines) => {
        const result = parseSerialNumbers(lines.join('\n'));
        if (result.ok) expect(result.serialNumbers.every(isValidSerialNumber)).toBe(true);
      }),
    );
  });
});

describe('SERIAL_NUMBERS_TEXT_MAX_LENGTH, the add box limit', () => {
  /** `n` distinct serial numbers of the longest length, joined by \r\n. */
  const longest = (n: number) =>
    Array.from({ length: n }, (_, i) => `A${String(i).padStart(SERIAL_NUMBER_MAX_LENGTH - 1, '0')}`).join(
      '\r\n',
    );
  const cut = (text: string) => text.slice(0, SERIAL_NUMBERS_TEXT_MAX_LENGTH);

  it('holds the largest valid add whole', () => {
    const text = longest(1000);
    expect(text.length).toBeLessThanOrEqual(SERIAL_NUMBERS_TEXT_MAX_LENGTH);
    expect(parseSerialNumbers(text).ok).toBe(true);
  });

  it('never makes a paste it cuts look right', () => {
    expect(parseSerialNumbers(cut(longest(1001)))).toEqual({
      ok: false,
      error: MSG.noMoreThan1000SerialNumbers,
    });
    expect(parseSerialNumbers(cut(longest(2000)))).toEqual({
      ok: false,
      error: MSG.noMoreThan1000SerialNumbers,
    });
    const tooLong = `${longest(999)}\r\n${'B'.repeat(10_000)}`;
    expect(parseSerialNumbers(cut(tooLong))).toMatchObject({ ok: false, line: 1000 });
  });
});
