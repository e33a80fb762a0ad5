import fc from 'fast-check';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { ChoiceOption } from '../params/params.types';
import { addOption, checkOption, removeOption } from './multiple-choice';

const options = (...texts: string[]): ChoiceOption[] => texts.map((text) => ({ checked: false, text }));
const checked = (list: readonly ChoiceOption[]) => list.map((o) => o.checked);

describe('checkOption', () => {
  it('checks one answer and unchecks the others', () => {
    const list = checkOption(options('a', 'b', 'c'), 0);
    expect(checked(checkOption(list, 2))).toEqual([false, false, true]);
    expect(checked(list)).toEqual([true, false, false]);
  });

  it('keeps the already checked answer checked', () => {
    const list = checkOption(options('a', 'b'), 1);
    expect(checked(checkOption(list, 1))).toEqual([false, true]);
  });

  it('changes nothing for a stale index', () => {
    const list = checkOption(options('a', 'b'), 1);
    expect(checkOption(list, 2)).toEqual(list);
    expect(checkOption(list, -1)).toEqual(list);
  });

  it('leaves exactly one answer checked after any checks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 2, maxLength: 9 }),
        fc.array(fc.nat({ max: 8 }), { minLength: 1 }),
        (flags, indexes) => {
          const start = flags.map((f, i) => ({ checked: f, text: String(i) }));
          const end = indexes.reduce(checkOption, checkOption(start, 0));
          expect(end.filter((o) => o.checked)).toHaveLength(1);
          expect(end.map((o) => o.text)).toEqual(start.map((o) => o.text));
        },
      ),
    );
  });
});

describe('addOption', () => {
  it('appends an empty unchecked option', () => {
    expect(addOption(options('a', 'b'))).toEqual({
      options: [...options('a', 'b'), { checked: false, text: '' }],
    });
  });

  it(`accepts the ${LIMITS.maxChoiceOptions}th option and refuses the next`, () => {
    const eight = options('1', '2', '3', '4', '5', '6', '7', '8');
    const result = addOption(eight);
    if (!('options' in result)) throw new Error(result.error);
    expect(result.options).toHaveLength(9);
    expect(addOption(result.options)).toEqual({ error: MSG.upTo9AnswerChoices });
  });
});

describe('removeOption', () => {
  it('removes the chosen option above 2 options', () => {
    expect(removeOption(options('a', 'b', 'c'), 1)).toEqual(options('a', 'c'));
  });

  it('does nothing at 2 options and returns the same list', () => {
    const two = options('a', 'b');
    expect(removeOption(two, 0)).toBe(two);
  });

  it('does nothing for a stale index', () => {
    const three = options('a', 'b', 'c');
    expect(removeOption(three, 3)).toBe(three);
  });

  it(`never goes below ${LIMITS.minChoiceOptions} options`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.array(fc.nat({ max: 9 })), (n, indexes) => {
        const start = options(...Array.from({ length: n }, (_, i) => String(i)));
        const end = indexes.reduce(removeOption, start);
        expect(end.length).toBeGreaterThanOrEqual(LIMITS.minChoiceOptions);
      }),
    );
  });
});
