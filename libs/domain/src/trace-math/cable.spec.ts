import { defaultParamOfKind } from '../params/defaults';
import type { CableParam } from '../params/params.types';
import { measureCable } from './cable';
import { swrFromLogMag } from './reflection';
import { flatTrace, linearFreqs } from './synthetic';

const freqs = linearFreqs(800e6, 900e6, 11);
const traces = {
  s11: flatTrace(freqs, 20 * Math.log10(0.2)), // SWR 1.5, RL 13.98 dB
  s22: flatTrace(freqs, -20), // SWR 1.22, RL 20 dB
  s21: { freqs_Hz: freqs, values: freqs.map((_, i) => (i === 3 ? -2.5 : -1)) },
};
const param = (p: Partial<CableParam> = {}): CableParam => ({
  ...defaultParamOfKind('cable'),
  startFreq_MHz: 800,
  stopFreq_MHz: 900,
  port1Limit: 1.6,
  port2Limit: 1.3,
  transLossLimit_dB: -3,
  ...p,
});

describe('measureCable', () => {
  it('passes when both ports and the transmission pass, reporting the transmission', () => {
    const m = measureCable(param(), traces);
    expect(m).toMatchObject({ result: 1, value: -2.5, unit: 'dB', freq_Hz: 830e6 });
    expect(m.port1.value).toBeCloseTo(1.5, 12);
    expect(m.port2.value).toBeCloseTo(swrFromLogMag(-20), 12);
  });

  it('warns about a gate narrower than its shape minimum, whatever the verdict', () => {
    const narrow = param({ isGating: true, gatingShape: 'Wide', gatingStart_ns: 0, gatingStop_ns: 80 });
    expect(measureCable(narrow, traces)).toMatchObject({
      result: 1,
      warnings: ['Gate narrower than the Wide minimum of 88 ns: the gated trace is distorted'],
    });
    expect(measureCable(param(), traces).warnings).toBeUndefined();
  });

  it('fails when any one part fails, each against its own limit', () => {
    expect(measureCable(param({ port1Limit: 1.4 }), traces)).toMatchObject({
      result: 0,
      port1: { result: 0 },
    });
    expect(measureCable(param({ port2Limit: 1.2 }), traces)).toMatchObject({
      result: 0,
      port2: { result: 0 },
    });
    expect(measureCable(param({ transLossLimit_dB: -2 }), traces)).toMatchObject({
      result: 0,
      transmission: { result: 0 },
    });
  });

  it('judges return loss against |limit|, so −15 and 15 both mean RL ≥ 15 dB', () => {
    const rl = (limit: number) =>
      measureCable(param({ port12MeasType: 'Return Loss', port1Limit: limit, port2Limit: limit }), traces);
    expect(rl(15)).toMatchObject({ result: 0, port1: { result: 0 }, port2: { value: 20, result: 1 } });
    expect(rl(-15)).toMatchObject({ result: 0, port1: { result: 0 }, port2: { result: 1 } });
    expect(rl(-13)).toMatchObject({ result: 1 });
  });

  it('checks nothing for an unset limit', () => {
    expect(
      measureCable(param({ port1Limit: null, port2Limit: null, transLossLimit_dB: null }), traces).result,
    ).toBe(1);
    expect(
      measureCable(param({ port12MeasType: 'Return Loss', port1Limit: null, port2Limit: null }), traces)
        .result,
    ).toBe(1);
  });
});
