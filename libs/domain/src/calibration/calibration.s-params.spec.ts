import fc from 'fast-check';
import { ACTIONS, ActionId } from '../catalogue/catalogue';
import {
  alignSParamChoices,
  calibrationPorts,
  isReflection,
  isTransmission,
  portOptions,
  sParamChoices,
} from './calibration';
import type { CalibrationType } from './calibration.types';
import { CALIBRATION_TYPES, THRU } from './calibration.types';

type Case = [string, ActionId, CalibrationType, string, string[]];

describe('sParamChoices', () => {
  it.each<Case>([
    ['Return Loss, 1 port', ActionId.ReturnLoss, 1, '3', ['S33']],
    ['Return Loss, 2 ports', ActionId.ReturnLoss, 2, '1-3', ['S11', 'S33']],
    ['Return Loss, 4 ports', ActionId.ReturnLoss, 4, '1-2-3-4', ['S11', 'S22', 'S33', 'S44']],
    ['Return Loss, Thru', ActionId.ReturnLoss, THRU, '1-2', []],
    ['SWR, 3 ports', ActionId.Swr, 3, '2-3-4', ['S22', 'S33', 'S44']],
    ['SWR, Thru', ActionId.Swr, THRU, '3-4', []],
    ['Insertion Loss, 1 port', ActionId.InsertionLossMax, 1, '2', []],
    ['Insertion Loss, 2 ports', ActionId.InsertionLossMax, 2, '1-2', ['S12', 'S21']],
    ['Gain, 3 ports', ActionId.GainMin, 3, '1-2-3', ['S12', 'S13', 'S21', 'S23', 'S31', 'S32']],
    ['Isolation, Thru', ActionId.Isolation, THRU, '1-2', ['S21']],
    ['Coupler, Thru', ActionId.CouplerMax, THRU, '2-4', ['S42']],
    ['Group Delay, Thru', ActionId.GroupDelay, THRU, '1-2', ['S21', 'S12']],
    ['Group Delay, 2 ports', ActionId.GroupDelay, 2, '1-4', ['S14', 'S41']],
    ['Group Delay, 1 port', ActionId.GroupDelayVariation, 1, '1', []],
    ['Phase Min, Thru', ActionId.PhaseMin, THRU, '3-4', ['S43', 'S34']],
    ['Phase, 3 ports', ActionId.Phase, 3, '1-3-4', ['S13', 'S14', 'S31', 'S34', 'S41', 'S43']],
  ])('%s', (_, actionId, type, ports, choices) => {
    expect(sParamChoices(actionId, { type, ports })).toEqual(choices);
  });

  it('offers all 12 off-diagonal pairs of a 4-port calibration, ascending', () => {
    expect(sParamChoices(ActionId.Attenuation, { type: 4, ports: '1-2-3-4' })).toEqual([
      'S12',
      'S13',
      'S14',
      'S21',
      'S23',
      'S24',
      'S31',
      'S32',
      'S34',
      'S41',
      'S42',
      'S43',
    ]);
  });

  it('offers nothing without a calibration', () => {
    expect(sParamChoices(ActionId.InsertionLossMax, undefined)).toEqual([]);
  });

  it.each([
    ActionId.Prompt,
    ActionId.Align,
    ActionId.Cable,
    ActionId.Diff,
    ActionId.SaveSnp,
    ActionId.PimFixedTone,
  ])('offers nothing for action %i, which has no S-parameter kind', (actionId) => {
    expect(sParamChoices(actionId, { type: 2, ports: '1-2' })).toEqual([]);
  });

  it('offers nothing for an unknown action or for ports invalid for the type', () => {
    expect(sParamChoices(999 as ActionId, { type: 2, ports: '1-2' })).toEqual([]);
    expect(sParamChoices(ActionId.InsertionLossMax, { type: 2, ports: '2-1' })).toEqual([]);
    expect(sParamChoices(ActionId.GroupDelay, { type: THRU, ports: '1' })).toEqual([]);
  });

  it('offers distinct S parameters of the right kind on the calibrated ports only', () => {
    const measured = ACTIONS.filter((a) => a.sParamKind);
    const cal = fc
      .constantFrom(...CALIBRATION_TYPES)
      .chain((type) => fc.constantFrom(...portOptions(type)).map((ports) => ({ type, ports })));
    fc.assert(
      fc.property(fc.constantFrom(...measured), cal, (action, c) => {
        const choices = sParamChoices(action.id, c);
        const ports = calibrationPorts(c.ports).map(String);
        expect(new Set(choices).size).toBe(choices.length);
        for (const s of choices) {
          expect(action.sParamKind === 'reflection' ? isReflection(s) : isTransmission(s)).toBe(true);
          expect(ports).toContain(s[1]);
          expect(ports).toContain(s[2]);
          expect(alignSParamChoices(c)).toContain(s);
        }
      }),
    );
  });
});
