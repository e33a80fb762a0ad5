import { defaultParamOfKind } from '../params/defaults';
import type { GeneralNaParam } from '../params/params.types';
import { couplerMax, couplerMin, couplerVariation, referenceLevel, rejection } from './relative';
import { flatTrace, linearFreqs } from './synthetic';

const MHz = 1e6;
const param = (p: Partial<GeneralNaParam> = {}): GeneralNaParam => ({
  ...defaultParamOfKind('general'),
  startFreq_MHz: 1000,
  stopFreq_MHz: 1100,
  ...p,
});
const freqs = linearFreqs(700 * MHz, 1200 * MHz, 501);
// a filter: passband 800-900 MHz at −1..−2 dB, −60 dB from 1000 MHz up, except −45 dB at 1050 MHz
const filter = {
  freqs_Hz: freqs,
  values: freqs.map((f) => {
    if (f >= 800 * MHz && f <= 900 * MHz) return f === 850 * MHz ? -1 : -2;
    if (f === 1050 * MHz) return -45;
    return f >= 1000 * MHz ? -60 : -30;
  }),
};
const passband = { trace: filter, param: { startFreq_MHz: 800, stopFreq_MHz: 900 } };

describe('referenceLevel', () => {
  it('is the max of the depending step band by default, or its mean', () => {
    expect(referenceLevel(passband)).toBe(-1);
    expect(referenceLevel(passband, 'average')).toBeCloseTo(-2 + 1 / 101, 12);
  });
});

describe('rejection', () => {
  it('is Ref − LogMag at its worst point: −1 − (−45) = 44 dB at 1050 MHz', () => {
    expect(rejection(filter, param({ lower: 40 }), passband)).toEqual({
      value: 44,
      unit: 'dB',
      result: 1,
      freq_Hz: 1050 * MHz,
      ref_dB: -1,
    });
    expect(rejection(filter, param({ lower: 50 }), passband).result).toBe(0);
  });

  it('can use the passband mean as reference', () => {
    expect(rejection(filter, param(), passband, 'average').value).toBeCloseTo(43 + 1 / 101, 12);
  });
});

describe('coupler', () => {
  // through path −0.5 dB flat, coupled port −20.5 dB: 20 dB coupling after the through loss
  const through = { trace: flatTrace(freqs, -0.5), param: { startFreq_MHz: 800, stopFreq_MHz: 900 } };
  const coupled = { freqs_Hz: freqs, values: freqs.map((f) => (f === 1020 * MHz ? -20.8 : -20.5)) };

  it('measures coupling relative to the depending step', () => {
    expect(couplerMax(coupled, param({ upper: 20.5 }), through)).toMatchObject({
      result: 1,
      freq_Hz: 1020 * MHz,
    });
    expect(couplerMax(coupled, param(), through).value).toBeCloseTo(20.3, 12);
    expect(couplerMin(coupled, param(), through).value).toBeCloseTo(20, 12);
    expect(couplerVariation(coupled, param({ upper: 0.2 }), through)).toMatchObject({
      result: 0,
      ref_dB: -0.5,
    });
  });

  it('equals −20·log10|S31| with a 0 dB reference', () => {
    const zero = { trace: flatTrace(freqs, 0), param: through.param };
    expect(couplerMin(coupled, param(), zero).value).toBe(20.5);
  });
});
