import { ActionId, InstrumentId } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { defaultParam, defaultParamOfKind } from '../params/defaults';
import type { DiffParam } from '../params/params.types';
import { measureDiff } from './diff';

const step = (id: number, actionId: ActionId): Step => ({
  id,
  name: `Step ${id}`,
  isDefaultName: true,
  instrumentId: InstrumentId.NetworkAnalyzer,
  actionId,
  param: defaultParam(actionId),
  isCompleted: true,
  errors: [],
});
const param = (p: Partial<DiffParam> = {}): DiffParam => ({
  ...defaultParamOfKind('diff'),
  stepId1: 1,
  stepId2: 2,
  ...p,
});

describe('measureDiff', () => {
  it('is value1 − value2 with the family unit when both steps share it', () => {
    const m = measureDiff(
      param({ lower: 0, upper: 1 }),
      { step: step(1, ActionId.InsertionLossMax), value: 1.7 },
      { step: step(2, ActionId.GainMax), value: 1.2 },
    );
    expect(m.value).toBeCloseTo(0.5, 12);
    expect(m).toMatchObject({ unit: 'dB', result: 1 });
  });

  it('has no unit across families, and fails outside its limits', () => {
    const m = measureDiff(
      param({ lower: 0, upper: 1 }),
      { step: step(1, ActionId.Swr), value: 1.2 },
      { step: step(2, ActionId.ReturnLoss), value: 20 },
    );
    expect(m).toMatchObject({ value: -18.8, unit: '', result: 0 });
  });

  it('refuses swapped steps and missing values', () => {
    const a = { step: step(1, ActionId.GroupDelay), value: 5 };
    const b = { step: step(2, ActionId.GroupDelay), value: 3 };
    expect(() => measureDiff(param(), b, a)).toThrow('The first step of the Diff is step id 1, not 2');
    expect(() => measureDiff(param(), a, { ...b, value: NaN })).toThrow(
      "Step 'Step 2' has no measured value to subtract",
    );
  });
});
