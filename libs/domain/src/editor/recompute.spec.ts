import { ActionId, InstrumentId } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { NO_ID, type AlignParam, type CableParam, type GeneralNaParam } from '../params/params.types';
import { CAL, completeParam, completeSteps, makeSeq, makeStep } from '../testing/step-fixtures';
import { dialogDefaultName, nameWithParam, recomputeSeq, stepAfterCalibrationChange } from './recompute';

describe('recomputeSeq', () => {
  it('names default-name steps by position and marks completeness', () => {
    const steps = completeSteps(ActionId.Diff).map((step) => ({ ...step, isDefaultName: true }));
    const seq = recomputeSeq(makeSeq([steps[0]!, steps[1]!, steps[2]!]));
    expect(seq.steps.map((s) => s.name)).toEqual([
      'Insertion Loss Max - S12 (200 - 800 MHz)',
      'Gain Max - S12 (200 - 800 MHz)',
      'Diff - Step 1 - Step 2',
    ]);
    expect(seq.isCompleted).toBe(true);
  });

  it('leaves a param of the wrong shape alone and reports it', () => {
    const broken = {
      ...makeStep(1, ActionId.Align),
      isDefaultName: true,
      param: { channelArray: 'x' } as never,
    };
    const seq = recomputeSeq(makeSeq([broken]));
    expect(seq.steps[0]!.name).toBe('Step 1');
    expect(seq.steps[0]!.errors).toEqual(['Invalid value']);
  });
});

describe('nameWithParam', () => {
  const steps = completeSteps(ActionId.Diff).map((step) => ({ ...step, isDefaultName: true }));
  const [il, gain, diff] = steps as [Step, Step, Step];

  it("names a default-name step from the draft's param, as recomputeSeq names it once saved", () => {
    const param = { ...(il.param as GeneralNaParam), startFreq_MHz: 300, stopFreq_MHz: 900 };
    expect(nameWithParam(il, param, steps)).toBe('Insertion Loss Max - S12 (300 - 900 MHz)');
    const saved = recomputeSeq(makeSeq([{ ...il, param }, gain, diff]));
    expect(saved.steps[0]!.name).toBe(nameWithParam(il, param, steps));
  });

  it("numbers a Diff's steps by their place in the test", () => {
    expect(nameWithParam(diff, diff.param, [gain, il, diff])).toBe('Diff - Step 2 - Step 1');
  });

  it('keeps the name of a step without a default name, and of a param of the wrong shape', () => {
    const custom = { ...il, isDefaultName: false, name: 'My step' };
    expect(nameWithParam(custom, { ...(il.param as GeneralNaParam), startFreq_MHz: 300 }, steps)).toBe(
      'My step',
    );
    expect(nameWithParam(il, { channelArray: 'x' } as never, steps)).toBe(il.name);
  });
});

describe('dialogDefaultName', () => {
  const steps = completeSteps(ActionId.Diff).map((step) => ({ ...step, isDefaultName: true }));
  const [il, , diff] = steps as [Step, Step, Step];

  it("names a new step from its action's default param", () => {
    expect(
      dialogDefaultName({ instrumentId: il.instrumentId, actionId: ActionId.Delay }, undefined, steps),
    ).toBe(recomputeSeq(makeSeq([{ ...makeStep(9, ActionId.Delay), isDefaultName: true }])).steps[0]!.name);
  });

  it('keeps an edited step’s param for its own type, and takes the defaults of a new type', () => {
    expect(dialogDefaultName({ instrumentId: diff.instrumentId, actionId: diff.actionId }, diff, steps)).toBe(
      'Diff - Step 1 - Step 2',
    );
    const custom = { ...il, isDefaultName: false, name: 'Mine' };
    expect(dialogDefaultName({ instrumentId: il.instrumentId, actionId: il.actionId }, custom, steps)).toBe(
      'Insertion Loss Max - S12 (200 - 800 MHz)',
    );
    const delay = { instrumentId: InstrumentId.Common, actionId: ActionId.Delay };
    expect(dialogDefaultName(delay, il, steps)).toBe(dialogDefaultName(delay, undefined, steps));
  });
});

describe('stepAfterCalibrationChange', () => {
  const general = makeStep(1, ActionId.InsertionLossMax, completeParam(ActionId.InsertionLossMax));

  it('keeps a step whose calibration still offers its S parameter as the same object', () => {
    expect(stepAfterCalibrationChange(general, [CAL])).toBe(general);
  });

  it('clears an S parameter no longer offered, and a calibration that is gone', () => {
    const oneport = stepAfterCalibrationChange(general, [{ ...CAL, type: 1, ports: '1' }]);
    expect((oneport.param as GeneralNaParam).sParam).toBe('');
    const gone = stepAfterCalibrationChange(general, []).param as GeneralNaParam;
    expect([gone.calId, gone.sParam]).toEqual([NO_ID, '']);
    const cable = makeStep(2, ActionId.Cable, completeParam(ActionId.Cable));
    expect((stepAfterCalibrationChange(cable, []).param as CableParam).calId).toBe(NO_ID);
    expect(stepAfterCalibrationChange(cable, [CAL])).toBe(cable);
  });

  it('clears alignment traces the new calibration does not offer', () => {
    const align = makeStep(3, ActionId.Align, completeParam(ActionId.Align));
    const thru = stepAfterCalibrationChange(align, [{ ...CAL, type: 5, ports: '1-2' }]).param as AlignParam;
    expect(thru.channelArray[0]!.traceArray.map((tr) => tr.sParam)).toEqual(['S21', '']);
  });
});
