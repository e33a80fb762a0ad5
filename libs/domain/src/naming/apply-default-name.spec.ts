import fc from 'fast-check';
import { ACTIONS, ActionId, getAction } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { defaultAlignment, defaultParam } from '../params/defaults';
import type { AlignParam, GeneralNaParam, ManualParam, StepParam } from '../params/params.types';
import { applyDefaultName, reportDescription } from './apply-default-name';

function makeStep(actionId: ActionId, fields: Record<string, unknown> = {}, extra: Partial<Step> = {}): Step {
  return {
    id: 7,
    name: 'Old name',
    isDefaultName: true,
    instrumentId: getAction(actionId).instrumentId,
    actionId,
    param: { ...defaultParam(actionId), ...fields } as StepParam,
    isCompleted: false,
    errors: [],
    ...extra,
  };
}

const range = { sParam: 'S21', startFreq_MHz: 800, stopFreq_MHz: 900 };
const newName = 'Insertion Loss Max - S21 (800 - 900 MHz)';

describe('applyDefaultName', () => {
  it('regenerates the name and lets an empty title follow it', () => {
    const before = makeStep(ActionId.InsertionLossMax, range);
    const { step, nameChanged, paramChanged } = applyDefaultName(before);
    expect(step.name).toBe(newName);
    expect((step.param as GeneralNaParam).title).toBe(newName);
    expect(nameChanged).toBe(true);
    expect(paramChanged).toBe(true);
  });

  it('lets a title that equalled the old name follow the new one', () => {
    const before = makeStep(ActionId.InsertionLossMax, { ...range, title: 'Old name' });
    expect((applyDefaultName(before).step.param as GeneralNaParam).title).toBe(newName);
  });

  it('keeps a title the user made their own', () => {
    const before = makeStep(ActionId.InsertionLossMax, { ...range, title: 'Pass band loss' });
    const result = applyDefaultName(before);
    expect(result.step.name).toBe(newName);
    expect(result.step.param).toBe(before.param);
    expect(result.paramChanged).toBe(false);
  });

  it('writes back a title that fell behind even when the name is unchanged', () => {
    const before = makeStep(ActionId.Cable, {}, { name: 'Cable' });
    const result = applyDefaultName(before);
    expect(result).toMatchObject({ nameChanged: false, paramChanged: true });
    expect((result.step.param as { title: string }).title).toBe('Cable');
  });

  it('returns the same step when nothing changes', () => {
    const before = makeStep(ActionId.InsertionLossMax, { ...range, title: newName }, { name: newName });
    const result = applyDefaultName(before);
    expect(result.step).toBe(before);
    expect(result).toMatchObject({ nameChanged: false, paramChanged: false });
  });

  it('leaves a custom-name step alone', () => {
    const before = makeStep(ActionId.InsertionLossMax, range, { isDefaultName: false });
    expect(applyDefaultName(before)).toEqual({ step: before, nameChanged: false, paramChanged: false });
  });

  it('leaves a step of an unknown action alone', () => {
    const before = makeStep(ActionId.Prompt, {}, { actionId: 999 as ActionId });
    expect(applyDefaultName(before).step).toBe(before);
  });

  it('never writes a Manual Test title, because the name is built from it', () => {
    const before = makeStep(ActionId.ManualTest, { title: '' }, { name: 'Manual Test' });
    const result = applyDefaultName(before);
    expect(result.step).toBe(before);
    expect((result.step.param as ManualParam).title).toBe('');
  });

  it('uses the Diff step numbers from the context', () => {
    const before = makeStep(ActionId.Diff, { stepId1: 3, stepId2: 4 });
    const { step } = applyDefaultName(before, { stepNumberOf: (id) => id - 2 });
    expect(step.name).toBe('Diff - Step 1 - Step 2');
    expect((step.param as { title: string }).title).toBe('Diff - Step 1 - Step 2');
  });

  it('lets empty alignment titles follow the name and keeps the others', () => {
    const channelArray = [
      { ...defaultAlignment(), title: '' },
      { ...defaultAlignment(), title: 'Pass band' },
      { ...defaultAlignment(), title: 'Old name' },
    ];
    const before = makeStep(ActionId.Align, { channelArray });
    const result = applyDefaultName(before);
    expect((result.step.param as AlignParam).channelArray.map((c) => c.title)).toEqual([
      'Alignment Check',
      'Pass band',
      'Alignment Check',
    ]);
    expect(result).toMatchObject({ nameChanged: true, paramChanged: true });
  });

  it('changes nothing in an Align step whose alignments have titles', () => {
    const channelArray = [{ ...defaultAlignment(), title: 'Pass band' }];
    const before = makeStep(ActionId.Align, { channelArray }, { name: 'Alignment Check' });
    expect(applyDefaultName(before).step).toBe(before);
  });

  it('gives a title to a param that had none', () => {
    const before = makeStep(ActionId.Swr, {}, { param: { sParam: 'S11' } as StepParam });
    expect(applyDefaultName(before).step.param).toEqual({ sParam: 'S11', title: 'SWR - S11' });
  });

  it('copes with an Align param without channels', () => {
    const before = makeStep(ActionId.Align, {}, { param: {} as StepParam });
    expect(applyDefaultName(before)).toMatchObject({ nameChanged: true, paramChanged: false });
  });

  it('never mutates the step, and applying twice changes nothing more', () => {
    const titles = fc.constantFrom('', ' ', 'Old name', 'Mine');
    const steps = fc.record({
      action: fc.constantFrom(...ACTIONS),
      title: titles,
      channelTitles: fc.array(titles, { maxLength: 3 }),
      start: fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }),
    });
    fc.assert(
      fc.property(steps, ({ action, title, channelTitles, start }) => {
        const channelArray = channelTitles.map((t) => ({ ...defaultAlignment(), title: t }));
        const before = makeStep(action.id, { title, startFreq_MHz: start, channelArray });
        const frozen = structuredClone(before);
        const once = applyDefaultName(before);
        expect(before).toEqual(frozen);
        const twice = applyDefaultName(once.step);
        expect(twice.step).toBe(once.step);
      }),
    );
  });
});

describe('reportDescription', () => {
  it('prints the title when set', () => {
    expect(reportDescription(makeStep(ActionId.GainMax, { title: 'Gain at band centre' }))).toBe(
      'Gain at band centre',
    );
  });

  it('prints the name when the title is blank', () => {
    expect(reportDescription(makeStep(ActionId.GainMax, { title: '  ' }))).toBe('Old name');
  });

  it('prints the name of a step without a title', () => {
    expect(reportDescription(makeStep(ActionId.Delay))).toBe('Old name');
    expect(reportDescription({ name: 'X', param: null as unknown as StepParam })).toBe('X');
  });
});
