import { ActionId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import type { ChoiceOption } from '../params/params.types';
import { errorsWith } from '../testing/step-fixtures';
import { VMSG } from './messages';

const one = (field: string, message: string) => [{ field, message }];

describe('Prompt and Report Heading', () => {
  it('needs a prompt of up to 200 free characters', () => {
    expect(errorsWith(ActionId.Prompt, { value: 'Connect port 1: ready?' })).toEqual([]);
    expect(errorsWith(ActionId.Prompt, { value: ' ' })).toEqual(one('value', MSG.emptyInput));
    expect(errorsWith(ActionId.Prompt, { value: 'p'.repeat(200) })).toEqual([]);
    expect(errorsWith(ActionId.Prompt, { value: 'p'.repeat(201) })).toEqual(
      one('value', MSG.noMoreThanCharacters(200)),
    );
  });

  it('needs a heading of up to 100 characters', () => {
    expect(errorsWith(ActionId.Header, { value: 'h'.repeat(100) })).toEqual([]);
    expect(errorsWith(ActionId.Header, { value: 'h'.repeat(101) })).toEqual(
      one('value', MSG.noMoreThanCharacters(100)),
    );
  });
});

describe('Delay', () => {
  it.each([
    [0, undefined],
    [5, undefined],
    [-1, VMSG.atLeast(0)],
    [1.5, VMSG.mustBeInteger],
    [null, VMSG.enterNumber],
  ])('takes %p seconds: %p', (value, message) => {
    expect(errorsWith(ActionId.Delay, { value })).toEqual(message ? one('value', message) : []);
  });
});

describe('Manual Test', () => {
  const manual = (values: Record<string, unknown>) => errorsWith(ActionId.ManualTest, values);

  it('takes an optional question and unit', () => {
    expect(manual({ question: '', unit: '' })).toEqual([]);
    expect(manual({ question: 'q'.repeat(201), unit: 'u'.repeat(101) })).toEqual([
      { field: 'question', message: MSG.noMoreThanCharacters(200) },
      { field: 'unit', message: MSG.noMoreThanCharacters(100) },
    ]);
  });

  it('needs a title and consistent limits', () => {
    expect(manual({ title: 'a<b', lower: 5, upper: 4 })).toEqual([
      { field: 'title', message: MSG.invalidCharacter },
      { field: 'lower', message: VMSG.lowerAboveUpper },
    ]);
  });
});

describe('Question', () => {
  it('needs a question of up to 200 characters', () => {
    expect(errorsWith(ActionId.Question, { question: '' })).toEqual(one('question', MSG.emptyInput));
    expect(errorsWith(ActionId.Question, { question: 'q'.repeat(200), answer: 'no' })).toEqual([]);
  });

  it('takes only yes or no as the answer', () => {
    expect(errorsWith(ActionId.Question, { answer: 'maybe' })).toEqual(one('answer', VMSG.chooseOption));
  });
});

describe('Multiple Choice', () => {
  const option = (text: string, checked = false): ChoiceOption => ({ text, checked });
  const options = (n: number) => Array.from({ length: n }, (_, i) => option(`Answer ${i}`, i === 0));
  const choice = (values: Record<string, unknown>) => errorsWith(ActionId.MultipleChoice, values);

  it('needs 2 to 9 answer choices', () => {
    expect(choice({ optionArray: options(1) })).toEqual(one('optionArray', VMSG.atLeast2AnswerChoices));
    expect(choice({ optionArray: options(2) })).toEqual([]);
    expect(choice({ optionArray: options(9) })).toEqual([]);
    expect(choice({ optionArray: options(10) })).toEqual(one('optionArray', MSG.upTo9AnswerChoices));
  });

  it('needs exactly one checked answer', () => {
    expect(choice({ optionArray: [option('a'), option('b')] })).toEqual(
      one('optionArray', VMSG.chooseAnswer),
    );
    expect(choice({ optionArray: [option('a', true), option('b', true)] })).toEqual(
      one('optionArray', VMSG.oneAnswerOnly),
    );
  });

  it('needs every choice text, up to 200 characters', () => {
    expect(
      choice({ question: '', optionArray: [option('a', true), option(''), option('c'.repeat(201))] }),
    ).toEqual([
      { field: 'question', message: MSG.emptyInput },
      { field: 'optionArray[1].text', message: MSG.emptyInput },
      { field: 'optionArray[2].text', message: MSG.noMoreThanCharacters(200) },
    ]);
  });
});
