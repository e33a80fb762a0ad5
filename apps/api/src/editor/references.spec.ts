import type { DiffParam } from '@sweepline/domain';
import { ActionId, NO_ID } from '@sweepline/domain';
import { completeSteps } from '@sweepline/domain/src/testing/step-fixtures';
import { copiesOf, withoutStaleReferences } from './references';

describe('references of copies', () => {
  it('moves references to the copies and clears those that name nothing valid', () => {
    const steps = completeSteps(ActionId.Diff);
    const copies = copiesOf(steps, [11, 12, 13]);
    expect(copies[2]!.param as DiffParam).toMatchObject({ stepId1: 11, stepId2: 12 });
    const alone = withoutStaleReferences(copiesOf([steps[2]!], [21]));
    expect(alone[0]!.param as DiffParam).toMatchObject({ stepId1: NO_ID, stepId2: NO_ID });
  });

  it('cleans only the steps asked for', () => {
    const [a, b, diff] = completeSteps(ActionId.Diff) as [never, never, never];
    const late = [diff, a, b];
    expect(withoutStaleReferences(late, new Set([99]))[0]).toBe(diff);
    expect((withoutStaleReferences(late)[0]!.param as DiffParam).stepId1).toBe(NO_ID);
  });
});
