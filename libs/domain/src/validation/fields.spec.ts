import { MSG } from '../limits/messages';
import {
  atLeast,
  atMost,
  between,
  decimals,
  fieldErrors,
  greaterThan,
  inSteps,
  integer,
  optionalName,
  optionalNumber,
  requiredName,
  requiredNumber,
  textError,
  underPrefix,
} from './fields';
import { VMSG } from './messages';

describe('requiredNumber', () => {
  it.each([null, undefined, '5', NaN, Infinity, {}, []])('asks for a number instead of %p', (value) => {
    expect(requiredNumber(value)).toBe(VMSG.enterNumber);
  });

  it('answers the first rule the number breaks', () => {
    expect(requiredNumber(0.5, integer, atLeast(1))).toBe(VMSG.mustBeInteger);
    expect(requiredNumber(0, integer, atLeast(1))).toBe(VMSG.atLeast(1));
    expect(requiredNumber(1, integer, atLeast(1))).toBeUndefined();
  });
});

describe('optionalNumber', () => {
  it('lets an empty value pass and checks anything else', () => {
    expect(optionalNumber(null, atLeast(1))).toBeUndefined();
    expect(optionalNumber(undefined)).toBeUndefined();
    expect(optionalNumber('x')).toBe(VMSG.enterNumber);
    expect(optionalNumber(0, atLeast(1))).toBe('Must be at least 1');
  });
});

describe('number rules', () => {
  it('keeps the bounds inclusive', () => {
    expect(atLeast(0)(0)).toBeUndefined();
    expect(atMost(0)(0)).toBeUndefined();
    expect(atMost(0)(0.1)).toBe('Must be at most 0');
    expect(between(-100, 30)(-100)).toBeUndefined();
    expect(between(-100, 30)(30)).toBeUndefined();
    expect(between(-100, 30)(-100.1)).toBe('Must be between -100 and 30');
    expect(between(-100, 30)(30.1)).toBe('Must be between -100 and 30');
  });

  it('refuses the bound itself for greaterThan', () => {
    expect(greaterThan(0)(0)).toBe('Must be greater than 0');
    expect(greaterThan(0)(0.001)).toBeUndefined();
  });

  it('counts decimals despite binary floating point', () => {
    expect(decimals(2)(43.12)).toBeUndefined();
    expect(decimals(2)(0.29)).toBeUndefined();
    expect(decimals(2)(43.123)).toBe('At most 2 decimals');
    expect(decimals(1)(0.1)).toBeUndefined();
    expect(decimals(1)(0.15)).toBe('At most 1 decimal');
  });

  it.each([
    [3, false],
    [4, true],
    [5, false],
    [10, true],
    [30, true],
    [32, false],
    [4.5, false],
  ])('takes %p as divisions: %p', (value, ok) => {
    expect(inSteps(4, 30, 2)(value)).toBe(ok ? undefined : 'Must be from 4 to 30 in steps of 2');
  });
});

describe('textError', () => {
  it('needs a string, trimmed, not blank when required', () => {
    expect(textError(3, 200)).toBe(VMSG.invalidValue);
    expect(textError('   ', 200)).toBe(MSG.emptyInput);
    expect(textError('   ', 200, false)).toBeUndefined();
    expect(textError('Ready? Press "OK": 1/2', 200)).toBeUndefined();
  });

  it('counts at most max characters, trimmed', () => {
    expect(textError(` ${'a'.repeat(200)} `, 200)).toBeUndefined();
    expect(textError('a'.repeat(201), 200)).toBe(MSG.noMoreThanCharacters(200));
  });
});

describe('names', () => {
  it('checks a name only when it is a string', () => {
    expect(requiredName(undefined)).toBe(VMSG.invalidValue);
    expect(requiredName('')).toBe(MSG.emptyInput);
    expect(requiredName('a/b')).toBe(MSG.invalidCharacter);
  });

  it('lets an optional name stay blank', () => {
    expect(optionalName('  ')).toBeUndefined();
    expect(optionalName('a*b')).toBe(MSG.invalidCharacter);
    expect(optionalName(null)).toBe(VMSG.invalidValue);
  });
});

describe('fieldErrors', () => {
  it('keeps the broken fields in order, under the prefix', () => {
    expect(
      fieldErrors(
        [
          ['a', 'A'],
          ['b', undefined],
          ['c', 'C'],
        ],
        'x.',
      ),
    ).toEqual([
      { field: 'x.a', message: 'A' },
      { field: 'x.c', message: 'C' },
    ]);
  });

  it('puts nested errors under a prefix, the object itself at the prefix', () => {
    expect(
      underPrefix(
        [
          { field: '', message: 'M' },
          { field: 'id', message: 'N' },
        ],
        'cals[1].',
      ),
    ).toEqual([
      { field: 'cals[1]', message: 'M' },
      { field: 'cals[1].id', message: 'N' },
    ]);
  });
});
