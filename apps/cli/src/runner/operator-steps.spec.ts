import { ActionId, defaultParam, type ManualParam } from '@sweepline/domain';
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
