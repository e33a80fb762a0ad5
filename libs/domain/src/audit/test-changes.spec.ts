import type { Calibration } from '../calibration/calibration.types';
import type { Step } from '../entities/entities';
import { testContentChanges } from './test-changes';

const step = (id: number, over: Partial<Step> = {}): Step =>
  ({
    id,
    name: `S${id}`,
    isDefaultName: false,
    instrumentId: 1,
    actionId: 2,
    param: { max: 1.2, min: null },
    isCompleted: true,
    errors: [],
    ...over,
  }) as unknown as Step;

const cal = { id: 1, type: 'full2port' } as unknown as Calibration;

describe('testContentChanges', () => {
  it('is empty when nothing a person sets changed', () => {
    const steps = [step(1), step(2)];
    const recomputed = [step(1, { isCompleted: false, errors: ['x'] }), step(2)];
    expect(testContentChanges({ steps, cals: [cal] }, { steps: recomputed, cals: [{ ...cal }] })).toEqual([]);
  });

  it('names a renamed step and a changed limit with old and new values', () => {
    const before = { steps: [step(1), step(2)], cals: [] };
    const after = {
      steps: [step(1, { name: 'IL' }), step(2, { param: { max: 1.5, min: null } } as never)],
      cals: [],
    };
    expect(testContentChanges(before, after)).toEqual([
      { field: 'steps.1.name', from: 'S1', to: 'IL' },
      { field: 'steps.2.param.max', from: 1.2, to: 1.5 },
    ]);
  });

  it('writes an added and a removed step whole, without moving the others', () => {
    const changes = testContentChanges(
      { steps: [step(1), step(2)], cals: [] },
      { steps: [step(3), step(2)], cals: [] },
    );
    expect(changes).toEqual([
      {
        field: 'steps.1',
        from: { name: 'S1', instrumentId: 1, actionId: 2, param: { max: 1.2, min: null } },
        to: null,
      },
      {
        field: 'steps.3',
        from: null,
        to: { name: 'S3', instrumentId: 1, actionId: 2, param: { max: 1.2, min: null } },
      },
    ]);
  });

  it('writes a new order of the kept steps, and new calibrations', () => {
    const changes = testContentChanges(
      { steps: [step(1), step(2), step(3)], cals: [] },
      { steps: [step(3), step(1), step(2)], cals: [cal] },
    );
    expect(changes).toEqual([
      { field: 'steps.order', from: [1, 2, 3], to: [3, 1, 2] },
      { field: 'cals', from: [], to: [cal] },
    ]);
  });
});
