import fc from 'fast-check';
import { ACTIONS, ActionId, getAction, InstrumentId } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { defaultParam } from '../params/defaults';
import type { DiffParam, GeneralNaParam } from '../params/params.types';
import { NO_ID } from '../params/params.types';
import {
  clearStaleReferences,
  dependingStepCandidates,
  diffCandidates,
  diffUnit,
  namesDependingCandidate,
  namesDiffCandidate,
  stepFamily,
} from './dependencies';

const step = (id: number, actionId: ActionId, refs: Partial<DiffParam & GeneralNaParam> = {}): Step => ({
  id,
  name: `step ${id}`,
  isDefaultName: true,
  instrumentId: getAction(actionId).instrumentId,
  actionId,
  param: { ...defaultParam(actionId), ...refs },
  isCompleted: false,
  errors: [],
});
const diff = (id: number, stepId1: number, stepId2: number) => step(id, ActionId.Diff, { stepId1, stepId2 });
const bound = (id: number, actionId: ActionId, bindStepId: number) => step(id, actionId, { bindStepId });
const ids = (steps: readonly Step[]) => steps.map((s) => s.id);
/** A step whose instrument does not own its action, as a corrupt record would have. */
const mismatched = (id: number): Step => ({
  ...step(id, ActionId.InsertionLossMax),
  instrumentId: InstrumentId.Common,
});

const test = [
  step(1, ActionId.Prompt),
  step(2, ActionId.InsertionLossMax),
  step(3, ActionId.Align),
  step(4, ActionId.Cable),
  step(5, ActionId.SaveSnp),
  diff(6, NO_ID, 2),
  step(7, ActionId.Swr),
  step(8, ActionId.PimFixedTone),
  step(9, ActionId.GainAverage),
  step(10, ActionId.ReturnLoss),
  bound(11, ActionId.Rejection, 2),
  step(12, ActionId.Attenuation),
  step(13, ActionId.GroupDelay),
  mismatched(14),
  step(15, ActionId.Isolation),
];

describe('diffCandidates', () => {
  it('offers earlier NA measurements other than Diff, Align, Save SnP and Cable', () => {
    expect(ids(diffCandidates(test, test.length))).toEqual([2, 7, 9, 10, 11, 12, 13, 15]);
  });

  it('offers only steps before the Diff', () => {
    expect(ids(diffCandidates(test, 5))).toEqual([2]);
    expect(diffCandidates(test, 1)).toEqual([]);
    expect(diffCandidates(test, 0)).toEqual([]);
    expect(diffCandidates(test, -1)).toEqual([]);
  });
});

describe('dependingStepCandidates', () => {
  it('offers earlier insertion-loss, attenuation, isolation and gain steps', () => {
    expect(ids(dependingStepCandidates(test, test.length))).toEqual([2, 9, 12, 15]);
    expect(ids(dependingStepCandidates(test, 10))).toEqual([2, 9]);
    expect(dependingStepCandidates(test, 1)).toEqual([]);
  });

  it('offers every candidate action of the catalogue and nothing else', () => {
    const all = ACTIONS.map((a, i) => step(i + 1, a.id));
    const offered = dependingStepCandidates(all, all.length).map((s) => getAction(s.actionId).name);
    expect(offered).toHaveLength(12);
    for (const name of offered) expect(name).toMatch(/^(Insertion Loss|Attenuation|Isolation|Gain)/);
  });
});

describe('namesDiffCandidate and namesDependingCandidate', () => {
  it('answer whether the id is among the candidates, without building them', () => {
    const index = fc.integer({ min: -2, max: test.length + 2 });
    const id = fc.integer({ min: -1, max: test.length + 1 });
    fc.assert(
      fc.property(index, id, (i, stepId) => {
        expect(namesDiffCandidate(test, i, stepId)).toBe(ids(diffCandidates(test, i)).includes(stepId));
        expect(namesDependingCandidate(test, i, stepId)).toBe(
          ids(dependingStepCandidates(test, i)).includes(stepId),
        );
      }),
    );
  });
});

describe('stepFamily and diffUnit', () => {
  it.each([
    [ActionId.InsertionLossMax, 'magnitude'],
    [ActionId.ReturnLoss, 'magnitude'],
    [ActionId.Swr, 'swr'],
    [ActionId.GroupDelayVariation, 'groupDelay'],
    [ActionId.Phase, 'phase'],
    [ActionId.Diff, undefined],
    [ActionId.Align, undefined],
    [ActionId.Prompt, undefined],
  ])('action %i measures family %s', (actionId, family) => {
    expect(stepFamily(step(1, actionId))).toBe(family);
  });

  it('knows no family for a step whose instrument does not own its action', () => {
    expect(stepFamily(mismatched(1))).toBeUndefined();
  });

  it.each([
    [ActionId.InsertionLossMax, ActionId.GainMin, 'dB'],
    [ActionId.GroupDelay, ActionId.GroupDelayVariationCross, 'ns'],
    [ActionId.Phase, ActionId.PhaseMax, 'deg'],
    [ActionId.Swr, ActionId.Swr, ''],
    [ActionId.InsertionLossMax, ActionId.GroupDelay, ''],
    [ActionId.Swr, ActionId.ReturnLoss, ''],
    [ActionId.Prompt, ActionId.Prompt, ''],
  ])('a Diff of actions %i and %i has the unit "%s"', (a, b, unit) => {
    expect(diffUnit(step(1, a), step(2, b))).toBe(unit);
  });

  it('has no unit while a step is missing', () => {
    const il = step(1, ActionId.InsertionLossMax);
    expect(diffUnit(undefined, il)).toBe('');
    expect(diffUnit(il, undefined)).toBe('');
    expect(diffUnit(undefined, undefined)).toBe('');
  });
});

describe('clearStaleReferences', () => {
  it('clears Diff references to later, deleted or non-measurement steps', () => {
    const steps = [step(1, ActionId.Align), step(2, ActionId.Swr), diff(3, 1, 4), step(4, ActionId.Phase)];
    expect(clearStaleReferences(steps)[2]?.param).toMatchObject({ stepId1: NO_ID, stepId2: NO_ID });
    const deleted = [step(2, ActionId.Swr), diff(3, 2, 99)];
    expect(clearStaleReferences(deleted)[1]?.param).toMatchObject({ stepId1: 2, stepId2: NO_ID });
  });

  it('clears a depending step that moved below or is no candidate', () => {
    const steps = [
      bound(1, ActionId.CouplerMax, 2),
      step(2, ActionId.GainMax),
      bound(3, ActionId.Rejection, 2),
      step(4, ActionId.ReturnLoss),
      bound(5, ActionId.CouplerMin, 4),
    ];
    const after = clearStaleReferences(steps);
    expect(after.map((s) => (s.param as GeneralNaParam).bindStepId)).toEqual([NO_ID, NO_ID, 2, NO_ID, NO_ID]);
    expect(after[2]).toBe(steps[2]);
    expect((steps[0]?.param as GeneralNaParam).bindStepId).toBe(2);
  });

  it('returns valid and unrelated steps as the same objects', () => {
    const after = clearStaleReferences(test);
    after.forEach((s, i) => expect(s).toBe(test[i]));
  });

  it('leaves every reference naming a candidate, and is idempotent', () => {
    const action = fc.constantFrom(...ACTIONS.map((a) => a.id));
    const ref = fc.integer({ min: -1, max: 12 });
    const raw = fc.array(fc.record({ action, a: ref, b: ref }), { maxLength: 12 });
    fc.assert(
      fc.property(raw, (rows) => {
        const steps = rows.map((r, i) =>
          step(i + 1, r.action, { stepId1: r.a, stepId2: r.b, bindStepId: r.a }),
        );
        const after = clearStaleReferences(steps);
        expect(clearStaleReferences(after)).toEqual(after);
        after.forEach((s, i) => {
          const p = s.param as DiffParam & GeneralNaParam;
          const valid = (id: number, candidates: Step[]) => id === NO_ID || ids(candidates).includes(id);
          if (s.actionId === ActionId.Diff) {
            expect(
              valid(p.stepId1, diffCandidates(after, i)) && valid(p.stepId2, diffCandidates(after, i)),
            ).toBe(true);
          }
          if (getAction(s.actionId).usesDependingStep) {
            expect(valid(p.bindStepId, dependingStepCandidates(after, i))).toBe(true);
          }
        });
      }),
    );
  });
});
