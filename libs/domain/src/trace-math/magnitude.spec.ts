import fc from 'fast-check';
import { defaultParamOfKind } from '../params/defaults';
import type { GeneralNaParam } from '../params/params.types';
import {
  attenuation,
  gainAverage,
  gainMax,
  gainMin,
  gainVariation,
  gainVariationCross,
  insertionLossAverage,
  insertionLossMax,
  insertionLossMin,
  insertionLossVariation,
  insertionLossVariationCross,
  isolation,
} from './magnitude';
import { flatTrace, linearFreqs, rippleTrace } from './synthetic';
import { TraceError } from './trace-error';

const MHz = 1e6;
const param = (p: Partial<GeneralNaParam> = {}): GeneralNaParam => ({
  ...defaultParamOfKind('general'),
  startFreq_MHz: 800,
  stopFreq_MHz: 900,
  spanFreq_MHz: 10,
  ...p,
});
// 0.25 MHz steps, so 800 and 900 MHz and the ripple's peaks and zeros are measured points
const freqs = linearFreqs(700 * MHz, 1100 * MHz, 1601);

describe('an ideal 10 dB attenuator (LogMag −10 dB everywhere)', () => {
  const trace = flatTrace(freqs, -10);

  it('loses 10 dB: insertion loss max, min and average are +10 dB, variations 0', () => {
    expect(insertionLossMax(trace, param())).toMatchObject({ value: 10, unit: 'dB', result: 1 });
    expect(insertionLossMin(trace, param()).value).toBe(10);
    expect(insertionLossAverage(trace, param())).toMatchObject({ value: 10, points: 401 });
    expect(insertionLossVariation(trace, param()).value).toBe(0);
    expect(insertionLossVariationCross(trace, param()).value).toBe(0);
  });

  it('has gain −10 dB and attenuation +10 dB', () => {
    expect(gainMax(trace, param()).value).toBe(-10);
    expect(gainAverage(trace, param()).value).toBe(-10);
    expect(attenuation(trace, param({ lower: 9.5, upper: 10.5 }))).toMatchObject({ value: 10, result: 1 });
    expect(isolation(trace, param({ lower: 20 }))).toMatchObject({ value: 10, result: 0 });
  });

  it('judges limits in the sign of the quantity: IL Max with upper 1.5 fails at 10 dB', () => {
    expect(insertionLossMax(trace, param({ upper: 1.5 })).result).toBe(0);
    expect(insertionLossMax(trace, param({ upper: 10 })).result).toBe(1);
    expect(gainMin(trace, param({ lower: -10.5 })).result).toBe(1);
  });
});

describe('a synthetic ripple of 0.6 dB peak-to-peak around −1 dB', () => {
  // period 20 MHz, so 800-900 MHz holds five whole periods and the peaks land on points
  const trace = rippleTrace(freqs, -1, 0.6, 20 * MHz);

  it('has insertion loss between 0.7 and 1.3 dB, located where the ripple peaks', () => {
    const max = insertionLossMax(trace, param());
    expect(max.value).toBeCloseTo(1.3, 12);
    expect(Math.sin((2 * Math.PI * (max.freq_Hz! - 700 * MHz)) / (20 * MHz))).toBeCloseTo(-1, 6);
    expect(insertionLossMin(trace, param()).value).toBeCloseTo(0.7, 12);
    expect(insertionLossAverage(trace, param()).value).toBeCloseTo(1, 3);
  });

  it('has variation = peak-to-peak, the same for loss and gain', () => {
    const v = insertionLossVariation(trace, param({ upper: 0.5 }));
    expect(v.value).toBeCloseTo(0.6, 12);
    expect(v.result).toBe(0);
    expect(gainVariation(trace, param()).value).toBeCloseTo(0.6, 12);
  });

  it('has a cross window variation ≤ peak-to-peak, equal once the window holds half a period', () => {
    const quarter = insertionLossVariationCross(trace, param({ spanFreq_MHz: 5 }));
    expect(quarter.value).toBeLessThan(0.6);
    expect(quarter.value).toBeCloseTo(0.3 * Math.SQRT2, 3);
    expect(quarter.windowStop_Hz - quarter.windowStart_Hz).toBeLessThanOrEqual(5 * MHz);
    expect(gainVariationCross(trace, param({ spanFreq_MHz: 10 })).value).toBeCloseTo(0.6, 12);
    expect(gainVariationCross(trace, param({ spanFreq_MHz: 500 })).value).toBe(
      gainVariation(trace, param()).value,
    );
  });

  it('never reports a cross window above the plain variation (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 200, noNaN: true }), (span) => {
        const cross = insertionLossVariationCross(trace, param({ spanFreq_MHz: span })).value;
        expect(cross).toBeLessThanOrEqual(insertionLossVariation(trace, param()).value + 1e-12);
      }),
      { numRuns: 50 },
    );
  });
});

describe('band and parameters', () => {
  const steps = { freqs_Hz: [800 * MHz, 850 * MHz, 900 * MHz, 950 * MHz], values: [-5, -1, -3, -20] };

  it('includes both band edges and nothing beyond', () => {
    expect(insertionLossMax(steps, param()).value).toBe(5);
    expect(insertionLossMax(steps, param({ stopFreq_MHz: 950 })).value).toBe(20);
    expect(insertionLossMax(steps, param({ startFreq_MHz: 850, stopFreq_MHz: 899 })).value).toBe(1);
  });

  it('refuses an unset band or window, and unsorted frequencies', () => {
    expect(() => insertionLossMax(steps, param({ startFreq_MHz: null }))).toThrow(
      'Start frequency is not set',
    );
    expect(() => insertionLossVariationCross(steps, param({ spanFreq_MHz: 0 }))).toThrow(
      'Span (Cross xMHz window) must be greater than 0',
    );
    const unsorted = { ...steps, freqs_Hz: [800 * MHz, 900 * MHz, 850 * MHz, 950 * MHz] };
    expect(() => gainMax(unsorted, param())).toThrow(TraceError);
  });

  it('does not change its input', () => {
    const values = [...steps.values];
    insertionLossVariationCross(steps, param());
    expect(steps.values).toEqual(values);
  });
});
