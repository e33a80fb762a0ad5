import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultParamOfKind } from '../params/defaults';
import type { GeneralNaParam } from '../params/params.types';
import { returnLoss, swr, swrFromGamma, swrFromLogMag, SWR_CAP } from './reflection';
import { flatTrace, linearFreqs } from './synthetic';
import { networkTrace } from './touchstone.types';
import { readTouchstone } from './touchstone-read';

const MHz = 1e6;
const param = (p: Partial<GeneralNaParam> = {}): GeneralNaParam => ({
  ...defaultParamOfKind('general'),
  startFreq_MHz: 800,
  stopFreq_MHz: 900,
  ...p,
});
const freqs = linearFreqs(800 * MHz, 900 * MHz, 11);
const gamma02 = 20 * Math.log10(0.2); // −13.98 dB

describe('SWR', () => {
  it('is 1.5 for a mismatch of |Γ| = 0.2', () => {
    expect(swrFromGamma(0.2)).toBeCloseTo(1.5, 14);
    expect(swrFromLogMag(gamma02)).toBeCloseTo(1.5, 14);
    expect(swr(flatTrace(freqs, gamma02), param({ upper: 1.5 + 1e-9 }))).toMatchObject({
      unit: '',
      result: 1,
    });
    expect(swr(flatTrace(freqs, gamma02), param({ upper: 1.4 })).result).toBe(0);
  });

  it('is 1 for a perfect match and capped as |Γ| reaches 1', () => {
    expect(swrFromGamma(0)).toBe(1);
    expect(swrFromGamma(1)).toBe(SWR_CAP);
    expect(swrFromGamma(1.02)).toBe(SWR_CAP);
    expect(swrFromGamma(0.9995)).toBe(SWR_CAP);
    expect(swrFromGamma(0.99)).toBeCloseTo(199, 9);
  });

  it('reports the worst (largest) SWR of the band and where', () => {
    const trace = { freqs_Hz: freqs, values: freqs.map((_, i) => (i === 4 ? gamma02 : -30)) };
    expect(swr(trace, param())).toMatchObject({ freq_Hz: 840 * MHz, result: 1 });
    expect(swr(trace, param()).value).toBeCloseTo(1.5, 12);
    expect(swr(trace, param({ lower: 1.2, upper: 2 })).value).toBeCloseTo(swrFromLogMag(-30), 12);
  });

  it('stays finite on a delay short whose |S11| reaches 1 (fixture)', () => {
    const dir = join(__dirname, '../../fixtures/touchstone');
    const net = readTouchstone(readFileSync(join(dir, 'delay_short.s1p'), 'utf8'), {
      fileName: 'delay_short.s1p',
    }).network;
    const s11 = networkTrace(net, 1, 1);
    const logMag = {
      freqs_Hz: s11.freqs_Hz,
      values: net.freqs_Hz.map((_, i) => 20 * Math.log10(Math.hypot(s11.re[i]!, s11.im[i]!))),
    };
    const m = swr(logMag, param({ startFreq_MHz: 75e3, stopFreq_MHz: 110e3 }));
    expect(Number.isFinite(m.value)).toBe(true);
    expect(m.value).toBeLessThanOrEqual(SWR_CAP);
    expect(m.value).toBeGreaterThan(50);
  });
});

describe('return loss', () => {
  it('is −LogMag: a −20 dB match has 20 dB return loss, judged against a lower limit', () => {
    expect(returnLoss(flatTrace(freqs, -20), param({ lower: 15 }))).toMatchObject({
      value: 20,
      unit: 'dB',
      result: 1,
    });
    expect(returnLoss(flatTrace(freqs, -12), param({ lower: 15 })).result).toBe(0);
  });

  it('reports the least return loss of the band when no limit says otherwise', () => {
    const trace = { freqs_Hz: freqs, values: freqs.map((_, i) => (i === 7 ? -9 : -25)) };
    expect(returnLoss(trace, param())).toMatchObject({ value: 9, freq_Hz: 870 * MHz });
  });
});
