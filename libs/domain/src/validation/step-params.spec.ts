import fc from 'fast-check';
import { ACTIONS, ActionId, InstrumentId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import { defaultParam } from '../params/defaults';
import type { Fill } from '../testing/step-fixtures';
import { CAL, completeParam, completeSteps, makeStep } from '../testing/step-fixtures';
import { VMSG } from './messages';
import { validateStepParam } from './step-params';

const ctxOf = (steps = completeSteps(ActionId.Prompt), index = steps.length - 1) => ({
  steps,
  index,
  cals: [CAL],
});

/** Valid fills: a name-safe title, an increasing range inside CAL, any limit. */
const fillArb: fc.Arbitrary<Fill> = fc
  .record({
    title: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,98}$/),
    a: fc.double({ min: 100, max: 1000, noNaN: true }),
    b: fc.double({ min: 100, max: 1000, noNaN: true }),
    limit: fc.double({ min: 0, max: 1e6, noNaN: true }),
  })
  .filter(({ a, b }) => a !== b)
  .map(({ title, a, b, limit }) => ({ title, startFreq: Math.min(a, b), stopFreq: Math.max(a, b), limit }));

describe('validateStepParam', () => {
  it.each(ACTIONS.map((a) => [a.name, a.id] as const))('accepts a complete %s step', (_name, actionId) => {
    const steps = completeSteps(actionId);
    expect(validateStepParam(steps[2]!, ctxOf(steps, 2))).toEqual([]);
  });

  it('accepts every complete step whatever valid values fill it', () => {
    const actionArb = fc.constantFrom(...ACTIONS.map((a) => a.id));
    fc.assert(
      fc.property(actionArb, fillArb, (actionId, fill) => {
        const steps = completeSteps(actionId, fill);
        expect(validateStepParam(steps[2]!, ctxOf(steps, 2))).toEqual([]);
      }),
    );
  });

  it('never throws and always answers errors for arbitrary JSON as the param', () => {
    const actionArb = fc.constantFrom(...ACTIONS.map((a) => a.id));
    fc.assert(
      fc.property(actionArb, fc.anything(), (actionId, param) => {
        const step = { ...makeStep(3, actionId), param: param as never };
        const errors = validateStepParam(step, ctxOf());
        expect(Array.isArray(errors)).toBe(true);
        errors.forEach((e) => expect(typeof e.message).toBe('string'));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws when the fields of a complete param are replaced by arbitrary JSON', () => {
    const actionArb = fc.constantFrom(...ACTIONS.map((a) => a.id));
    fc.assert(
      fc.property(actionArb, fc.dictionary(fc.string(), fc.anything()), (actionId, junk) => {
        const param = { ...completeParam(actionId), ...junk };
        expect(() => validateStepParam(makeStep(3, actionId, param as never), ctxOf())).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('answers "Choose type" for an action outside the catalogue or of another instrument', () => {
    const unknown = { ...makeStep(3, ActionId.Prompt), actionId: 999 as ActionId };
    const mismatched = { ...makeStep(3, ActionId.Prompt), instrumentId: InstrumentId.PimAnalyzer };
    expect(validateStepParam(unknown, ctxOf())).toEqual([{ field: 'actionId', message: MSG.chooseType }]);
    expect(validateStepParam(mismatched, ctxOf())).toEqual([{ field: 'actionId', message: MSG.chooseType }]);
  });

  it('answers the shape errors alone when the param is malformed', () => {
    const param = {
      ...(completeParam(ActionId.InsertionLossMax) as object),
      average: 'two',
      startFreq_MHz: -5,
    };
    expect(validateStepParam(makeStep(3, ActionId.InsertionLossMax, param as never), ctxOf())).toEqual([
      { field: 'average', message: VMSG.invalidValue },
    ]);
  });

  it('finds a new step of every action incomplete but Delay, whose 0 seconds are valid', () => {
    const incomplete = ACTIONS.filter(
      (a) => validateStepParam(makeStep(3, a.id, defaultParam(a.id)), ctxOf()).length > 0,
    );
    expect(ACTIONS.filter((a) => !incomplete.includes(a)).map((a) => a.id)).toEqual([ActionId.Delay]);
  });
});
