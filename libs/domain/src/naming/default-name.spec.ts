import fc from 'fast-check';
import { ACTIONS, ActionId, getAction } from '../catalogue/catalogue';
import { defaultParam } from '../params/defaults';
import type { StepParam } from '../params/params.types';
import { nameError } from '../validation/name';
import type { DefaultNameContext } from './default-name';
import { defaultStepName } from './default-name';

/** A step of the action with its default param, changed by `fields`. */
function step(actionId: ActionId, fields: Record<string, unknown> = {}) {
  const action = getAction(actionId);
  const param = { ...defaultParam(actionId), ...fields } as StepParam;
  return { instrumentId: action.instrumentId, actionId, param };
}

const name = (actionId: ActionId, fields?: Record<string, unknown>, context?: DefaultNameContext) =>
  defaultStepName(step(actionId, fields), context);

describe('defaultStepName', () => {
  describe('NA measurements', () => {
    const range = { sParam: 'S21', startFreq_MHz: 800, stopFreq_MHz: 900 };

    it('names the action, S parameter and range', () => {
      expect(name(ActionId.InsertionLossMax, range)).toBe('Insertion Loss Max - S21 (800 - 900 MHz)');
    });

    it('puts the span into the Cross xMHz actions', () => {
      expect(name(ActionId.InsertionLossVariationCross, { ...range, spanFreq_MHz: 5 })).toBe(
        'Insertion Loss Variation Cross 5MHz - S21 (800 - 900 MHz)',
      );
      expect(name(ActionId.GroupDelayVariationCross, { spanFreq_MHz: 0.5 })).toBe(
        'Group Delay Variation Cross 0.5MHz',
      );
    });

    it('keeps xMHz while no span is entered', () => {
      expect(name(ActionId.GainVariationCross, { spanFreq_MHz: null })).toBe('Gain Variation Cross xMHz');
    });

    it('shows the one frequency of Phase', () => {
      expect(name(ActionId.Phase, { ...range, freq_MHz: 850.5 })).toBe('Phase - S21 (850.5 MHz)');
      expect(name(ActionId.Phase, range)).toBe('Phase - S21');
    });

    it('leaves out the parts not entered yet', () => {
      expect(name(ActionId.ReturnLoss, { startFreq_MHz: 800, stopFreq_MHz: 900 })).toBe(
        'Return Loss (800 - 900 MHz)',
      );
      expect(name(ActionId.ReturnLoss, { sParam: 'S11' })).toBe('Return Loss - S11');
      expect(name(ActionId.ReturnLoss)).toBe('Return Loss');
    });

    it('marks a half-entered range with _', () => {
      expect(name(ActionId.Swr, { startFreq_MHz: 800 })).toBe('SWR (800 - _ MHz)');
      expect(name(ActionId.Swr, { stopFreq_MHz: 0 })).toBe('SWR (_ - 0 MHz)');
    });

    it('treats missing or non-numeric fields as not entered', () => {
      const param = { sParam: 42, startFreq_MHz: Number.NaN, stopFreq_MHz: '900' } as unknown as StepParam;
      expect(defaultStepName({ instrumentId: 1, actionId: ActionId.Isolation, param })).toBe('Isolation');
      expect(
        defaultStepName({
          instrumentId: 1,
          actionId: ActionId.Isolation,
          param: null as unknown as StepParam,
        }),
      ).toBe('Isolation');
    });
  });

  describe('other NA actions', () => {
    it('names Cable by its range', () => {
      expect(name(ActionId.Cable, { startFreq_MHz: 698, stopFreq_MHz: 2700 })).toBe('Cable (698 - 2700 MHz)');
      expect(name(ActionId.Cable)).toBe('Cable');
    });

    it('names Align as the action', () => {
      expect(name(ActionId.Align)).toBe('Alignment Check');
    });

    it('adds the Save SnP file name when set', () => {
      expect(name(ActionId.SaveSnp, { value: 'dut.s2p' })).toBe('Save SnP - dut.s2p');
      expect(name(ActionId.SaveSnp, { value: '   ' })).toBe('Save SnP');
    });

    it('cleans invalid characters out of a file name', () => {
      expect(name(ActionId.SaveSnp, { value: 'C:\\data\\dut.s2p' })).toBe('Save SnP - C data dut.s2p');
    });
  });

  describe('Diff', () => {
    const context = { stepNumberOf: (id: number) => ({ 11: 2, 12: 4 })[id] };

    it('shows the two step numbers', () => {
      expect(name(ActionId.Diff, { stepId1: 11, stepId2: 12 }, context)).toBe('Diff - Step 2 - Step 4');
    });

    it('shows _ for a step not chosen or not found', () => {
      expect(name(ActionId.Diff, { stepId1: 11 }, context)).toBe('Diff - Step 2 - Step _');
      expect(name(ActionId.Diff, { stepId1: 99, stepId2: 12 }, context)).toBe('Diff - Step _ - Step 4');
    });

    it('is only the action while no step is known', () => {
      expect(name(ActionId.Diff, { stepId1: 11, stepId2: 12 })).toBe('Diff');
      expect(name(ActionId.Diff, {}, context)).toBe('Diff');
    });
  });

  describe('common actions', () => {
    it('shows the seconds of a Delay', () => {
      expect(name(ActionId.Delay, { value: 5 })).toBe('Delay 5 s');
      expect(name(ActionId.Delay, { value: 0 })).toBe('Delay 0 s');
      expect(name(ActionId.Delay, { value: null })).toBe('Delay');
    });

    it('adds the text of a Prompt or Report Heading', () => {
      expect(name(ActionId.Prompt, { value: 'Connect\nport 1: input' })).toBe(
        'Prompt - Connect port 1 input',
      );
      expect(name(ActionId.Header, { value: 'Band 1' })).toBe('Report Heading - Band 1');
      expect(name(ActionId.Prompt)).toBe('Prompt');
    });

    it.each([ActionId.ManualTest, ActionId.Question, ActionId.MultipleChoice])(
      'names action %p by its title, else its question',
      (actionId) => {
        const action = getAction(actionId).name;
        expect(name(actionId, { title: 'Label', question: 'Is it on?' })).toBe(`${action} - Label`);
        expect(name(actionId, { title: ' ', question: 'Is it on?' })).toBe(`${action} - Is it on`);
        expect(name(actionId)).toBe(action);
      },
    );
  });

  describe('PIM', () => {
    it('names a fixed tone by order, direction, carriers and power', () => {
      expect(name(ActionId.PimFixedTone, { fix1_MHz: 935, fix2_MHz: 960 })).toBe(
        'PIM IM3L Reverse - 935 & 960 MHz, 2 x 43 dBm',
      );
      expect(name(ActionId.PimFixedTone, { imOrder: 'IM5H', mode: 'forward', powerOutput: 40.5 })).toBe(
        'PIM IM5H Forward - 2 x 40.5 dBm',
      );
      expect(name(ActionId.PimFixedTone, { fix1_MHz: 935, powerOutput: null })).toBe(
        'PIM IM3L Reverse - 935 & _ MHz',
      );
      expect(name(ActionId.PimFixedTone, { powerOutput: null })).toBe('PIM IM3L Reverse');
    });

    it('names a swept tone by its two ranges', () => {
      const sweep = {
        sweep1Start_MHz: 925,
        sweep1Stop_MHz: 960,
        sweep2Start_MHz: 1805,
        sweep2Stop_MHz: 1880,
      };
      expect(name(ActionId.PimSweptTone, sweep)).toBe(
        'PIM IM3L Reverse - 925-960 & 1805-1880 MHz, 2 x 43 dBm',
      );
      expect(name(ActionId.PimSweptTone, { sweep1Start_MHz: 925 })).toBe(
        'PIM IM3L Reverse - 925-_ & _ MHz, 2 x 43 dBm',
      );
    });
  });

  it('names an action outside the catalogue by its id', () => {
    expect(defaultStepName({ instrumentId: 1, actionId: 999 as ActionId, param: { value: '' } })).toBe(
      'Action 999',
    );
  });

  it('cuts a long name to 100 characters', () => {
    const result = name(ActionId.Prompt, { value: 'word '.repeat(60) });
    expect(result).toBe(`Prompt - ${'word '.repeat(18)}w`);
    expect(name(ActionId.Prompt, { value: 'x'.repeat(90) + ' yz' })).toBe(`Prompt - ${'x'.repeat(90)}`);
  });

  it('never contains a colon', () => {
    for (const action of ACTIONS) expect(name(action.id)).not.toContain(':');
  });

  describe('for random params', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 250 }),
      fc
        .array(
          fc.constantFrom('\\', '/', ':', '*', '?', '"', '<', '>', '|', ' ', '\n', '\u0000', 'a', '1', '😀'),
          {
            maxLength: 250,
          },
        )
        .map((chars) => chars.join('')),
    );
    const numbers = fc.option(
      fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }), fc.constantFrom(800, 0.5, 1e-7, 1e300)),
      { nil: null },
    );
    const steps = fc.constantFrom(...ACTIONS).chain((action) => {
      const base = defaultParam(action.id) as unknown as Record<string, unknown>;
      const fields = Object.fromEntries(
        Object.entries(base).map(([key, value]) => [
          key,
          typeof value === 'string'
            ? texts
            : typeof value === 'number' || value === null
              ? numbers
              : fc.constant(value),
        ]),
      );
      return fc.record(fields).map((param) => ({ ...step(action.id, param) }));
    });
    const contexts = fc.record({
      stepNumberOf: fc.func(fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined })),
    });

    it('always gives a valid name of at most 100 characters', () => {
      fc.assert(
        fc.property(steps, contexts, (s, context) => {
          const result = defaultStepName(s, context);
          expect(nameError(result)).toBeUndefined();
          expect(result).toBe(result.trim());
        }),
        { numRuns: 2000 },
      );
    });

    it('leaves the step as it was', () => {
      fc.assert(
        fc.property(steps, (s) => {
          const before = structuredClone(s);
          defaultStepName(s);
          expect(s).toEqual(before);
        }),
      );
    });
  });
});
