import fc from 'fast-check';
import {
  ActionId,
  defaultParam,
  stepVerdictError,
  type Answer,
  type ChoiceOption,
  type ManualParam,
  type MultipleChoiceParam,
  type QuestionParam,
} from '@sweepline/domain';
import { makeStep } from '@sweepline/domain/src/testing/step-fixtures';
import { manualQuestion, runOperatorStep } from './operator-steps';
import { ScriptedOperator } from './testing/scripted-prompter';

const manual = (over: Partial<ManualParam>): ManualParam => ({
  ...(defaultParam(ActionId.ManualTest) as ManualParam),
  title: 'Tuning screw torque',
  question: 'Torque of the tuning screws?',
  unit: 'Nm',
  lower: 0.8,
  upper: 1.2,
  ...over,
});

describe("a Manual Test's question shows the limits its value is judged against", () => {
  it('asks the operator with both limits and the unit, and judges the answer against them', async () => {
    const operator = new ScriptedOperator({ number: 1.3 });
    const out = await runOperatorStep(makeStep(1, ActionId.ManualTest, manual({})), operator);
    expect(operator.asked).toEqual(['Torque of the tuning screws? (limits 0.8 to 1.2 Nm)']);
    expect(out.rows[0]).toMatchObject({ value: 1.3, lower: 0.8, upper: 1.2, result: 0 });
  });

  it('one limit, no limits, no unit', () => {
    expect(manualQuestion(manual({ lower: null }))).toBe('Torque of the tuning screws? (limit ≤ 1.2 Nm)');
    expect(manualQuestion(manual({ upper: null }))).toBe('Torque of the tuning screws? (limit ≥ 0.8 Nm)');
    expect(manualQuestion(manual({ lower: null, upper: null }))).toBe('Torque of the tuning screws? (Nm)');
    expect(manualQuestion(manual({ lower: null, upper: null, unit: '' }))).toBe(
      'Torque of the tuning screws?',
    );
  });

  it('prints close limits apart, as the result row does', () => {
    expect(manualQuestion(manual({ lower: 10_000_000, upper: 10_000_000.4, unit: 'Hz' }))).toBe(
      'Torque of the tuning screws? (limits 10000000 to 10000000.4 Hz)',
    );
  });
});

describe('answered steps carry the answers that pass, so the server judges them as the runner did', () => {
  const question = (answer: Answer): QuestionParam => ({
    title: 'Label',
    question: 'Label straight?',
    answer,
  });
  const choice = (options: ChoiceOption[]): MultipleChoiceParam => ({
    title: 'Colour',
    question: 'Colour of the cap?',
    optionArray: options,
  });

  it("a Question's row expects the test's answer", async () => {
    const out = await runOperatorStep(
      makeStep(1, ActionId.Question, question('yes')),
      new ScriptedOperator({ yesNo: 'no' }),
    );
    expect(out.rows[0]).toMatchObject({ value: 'no', result: 0, expected: ['yes'] });
  });

  it("a Multiple Choice's row expects the checked options' texts", async () => {
    const options = [
      { text: 'Red', checked: false },
      { text: 'Blue', checked: true },
    ];
    const out = await runOperatorStep(
      makeStep(1, ActionId.MultipleChoice, choice(options)),
      new ScriptedOperator({ choice: 1 }),
    );
    expect(out.rows[0]).toMatchObject({ value: 'Blue', result: 1, expected: ['Blue'] });
  });

  it('never gives a row the server refuses, whatever the test and the answer', async () => {
    // few words, so that options share a text (one checked, one not) as often as not
    const text = fc.oneof(fc.constantFrom('Red', 'Blue'), fc.string({ minLength: 1, maxLength: 30 }));
    const options = fc.array(fc.record({ text, checked: fc.boolean() }), { minLength: 2, maxLength: 9 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Answer>('yes', 'no'),
        fc.constantFrom<Answer>('yes', 'no'),
        options,
        fc.nat(),
        async (expected, given, optionArray, pick) => {
          const asked = await runOperatorStep(
            makeStep(1, ActionId.Question, question(expected)),
            new ScriptedOperator({ yesNo: given }),
          );
          const chosen = await runOperatorStep(
            makeStep(2, ActionId.MultipleChoice, choice(optionArray)),
            new ScriptedOperator({ choice: pick % optionArray.length }),
          );
          for (const row of [...asked.rows, ...chosen.rows]) expect(stepVerdictError(row)).toBeUndefined();
        },
      ),
    );
  });
});
