import { ActionId } from '../catalogue/catalogue';
import { stepPlotError, stepPlotOf } from './step-plot';

describe('stepPlotOf', () => {
  it('keeps the band, the window, the reference and the aperture that are set', () => {
    const param = { startFreq_MHz: 500, stopFreq_MHz: 700, freq_MHz: null, spanFreq_MHz: 20 };
    expect(
      stepPlotOf(ActionId.CouplerMax, param, {
        value: 30,
        unit: 'dB',
        result: 1,
        ref_dB: -0.5,
        apertureSteps: 2,
      }),
    ).toEqual({
      actionId: ActionId.CouplerMax,
      startFreq_MHz: 500,
      stopFreq_MHz: 700,
      spanFreq_MHz: 20,
      ref_dB: -0.5,
      apertureSteps: 2,
    });
  });

  it('frames a Phase step at its one frequency', () => {
    const param = { startFreq_MHz: null, stopFreq_MHz: null, freq_MHz: 600, spanFreq_MHz: null };
    expect(stepPlotOf(ActionId.Phase, param)).toEqual({
      actionId: ActionId.Phase,
      startFreq_MHz: 600,
      stopFreq_MHz: 600,
    });
  });

  it('records only the action of a step without frequencies (PIM)', () => {
    expect(stepPlotOf(ActionId.PimFixedTone, {})).toEqual({ actionId: ActionId.PimFixedTone });
  });
});

describe('stepPlotError', () => {
  it('accepts a plot', () => {
    expect(stepPlotError({ actionId: ActionId.GainMax, startFreq_MHz: 1, stopFreq_MHz: 2 })).toBeUndefined();
  });

  it.each([
    ['not an object', 7, ''],
    ['an unknown field', { actionId: ActionId.GainMax, colour: 1 }, 'colour'],
    ['an action outside the catalogue', { actionId: 999 }, 'actionId'],
    ['a number that is not finite', { actionId: ActionId.GainMax, ref_dB: 'x' }, 'ref_dB'],
  ])('names the field at fault in %s', (_, value, field) => {
    expect(stepPlotError(value)).toBe(field);
  });
});
