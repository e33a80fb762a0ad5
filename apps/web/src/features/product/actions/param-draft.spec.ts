import { ActionId, defaultParam, type ManualParam, type StepParam } from '@sweepline/domain';
import type { ParamDraft } from '../product.atoms';
import { draftAfterAnswer } from './param-draft';

const BASE: ManualParam = { ...(defaultParam(ActionId.ManualTest) as ManualParam), title: 'Insulation' };
const draftOf = (changes: Partial<ManualParam>, stepId = 101): ParamDraft => ({
  productId: 1,
  seqId: 11,
  stepId,
  param: { ...BASE, ...changes },
});

describe('the parameter draft once a save is answered', () => {
  it('is gone when nothing was edited since the save: the form shows the answer', () => {
    const sent = draftOf({ upper: 1 });
    const answered: StepParam = { ...sent.param, upper: 2 };
    expect(draftAfterAnswer(sent, sent, answered)).toBeUndefined();
  });

  it('keeps the keys typed since over the answer, and the answer elsewhere', () => {
    const sent = draftOf({ upper: 1 });
    const latest = draftOf({ upper: 1.5 });
    const answered: StepParam = { ...sent.param, title: 'Insulation resistance' };
    expect(draftAfterAnswer(sent, latest, answered)).toEqual({
      ...latest,
      param: { ...BASE, upper: 1.5, title: 'Insulation resistance' },
    });
  });

  it('is gone when the answer already holds every edit', () => {
    const sent = draftOf({ upper: 1 });
    // a key that did not change the value ('1' then '1.') makes a new draft of the same param
    const latest = draftOf({ upper: 1 });
    expect(draftAfterAnswer(sent, latest, { ...sent.param })).toBeUndefined();
  });

  it("leaves another step's draft as it is", () => {
    const sent = draftOf({ upper: 1 });
    const other = draftOf({ upper: 9 }, 102);
    expect(draftAfterAnswer(sent, other, { ...sent.param, upper: 3 })).toBe(other);
  });

  it('leaves the draft when the answer no longer has the step', () => {
    const sent = draftOf({ upper: 1 });
    const latest = draftOf({ upper: 1.5 });
    expect(draftAfterAnswer(sent, latest, undefined)).toBe(latest);
  });

  it('is gone when it was saved and nothing is left (no draft now)', () => {
    expect(draftAfterAnswer(draftOf({ upper: 1 }), undefined, BASE)).toBeUndefined();
  });
});
