import { defaultGating } from '../params/defaults';
import { GatingShape } from '../params/params.types';
import { gateMinimumSpan_s, gateOptionsOf, GateOptions, gateTrace, gateValue } from './gating';
import { impulseResponse, linearFreqs, sumTraces } from './synthetic';
import { ComplexTrace } from './trace';

const ns = 1e-9;
// 1-2.6 GHz in 1 MHz steps: time bins 0.62 ns apart, alias-free within ±500 ns
const freqs = linearFreqs(1e9, 2.6e9, 1601);
const SPAN = 1.6e9;
const SHAPES: GatingShape[] = ['Minimum', 'Normal', 'Wide', 'Maximum'];
const bandpass = (shape: GatingShape, start_s: number, stop_s: number): GateOptions => ({
  type: 'Bandpass',
  shape,
  start_s,
  stop_s,
});

/** Largest |a − b| over the middle of the band: gating spoils the first and last few %. */
function maxError(a: ComplexTrace, b: ComplexTrace, from = 0.05, to = 0.95): number {
  const n = a.freqs_Hz.length;
  let worst = 0;
  for (let i = Math.round(from * (n - 1)); i <= Math.round(to * (n - 1)); i++) {
    worst = Math.max(worst, Math.hypot(a.re[i]! - b.re[i]!, a.im[i]! - b.im[i]!));
  }
  return worst;
}
const zero = { freqs_Hz: freqs, re: freqs.map(() => 0), im: freqs.map(() => 0) };

describe('gateTrace', () => {
  it('returns a response whose single impulse lies inside the gate, for every shape', () => {
    const inside = impulseResponse(freqs, 3.3 * ns, 0.8);
    for (const shape of SHAPES) {
      expect(maxError(gateTrace(inside, bandpass(shape, -20 * ns, 30 * ns)), inside)).toBeLessThan(1e-3);
    }
  });

  it('removes a response whose impulse lies outside the gate', () => {
    const outside = impulseResponse(freqs, 45.7 * ns);
    for (const shape of SHAPES) {
      expect(maxError(gateTrace(outside, bandpass(shape, -20 * ns, 30 * ns)), zero)).toBeLessThan(1e-3);
    }
  });

  it('keeps the DUT and drops a later reflection', () => {
    const dut = impulseResponse(freqs, 2 * ns, 0.9);
    const echo = impulseResponse(freqs, 40 * ns, 0.3);
    const gated = gateTrace(sumTraces(dut, echo), bandpass('Normal', -10 * ns, 15 * ns));
    expect(maxError(gated, dut)).toBeLessThan(1e-3);
  });

  it('makes notch = original − band-pass', () => {
    const trace = sumTraces(impulseResponse(freqs, 1.1 * ns, 0.5), impulseResponse(freqs, 30.9 * ns, 0.2));
    const o = bandpass('Wide', -10 * ns, 15 * ns);
    const pass = gateTrace(trace, o);
    const notch = gateTrace(trace, { ...o, type: 'Notch' });
    const rebuilt = {
      freqs_Hz: freqs,
      re: Array.from(pass.re, (v, i) => v + notch.re[i]!),
      im: Array.from(pass.im, (v, i) => v + notch.im[i]!),
    };
    expect(maxError(rebuilt, trace, 0, 1)).toBeLessThan(1e-9);
    expect(maxError(notch, impulseResponse(freqs, 30.9 * ns, 0.2))).toBeLessThan(1e-3);
  });

  it('works on power-of-two lengths, and does not change its input', () => {
    const f = linearFreqs(1e9, 2.023e9, 1024);
    const trace = impulseResponse(f, 5 * ns);
    const before = [...trace.re];
    expect(maxError(gateTrace(trace, bandpass('Normal', -30 * ns, 40 * ns)), trace)).toBeLessThan(1e-3);
    expect(trace.re).toEqual(before);
  });

  it('refuses uneven frequencies, a reversed gate, one beyond the alias-free range, and one point', () => {
    const trace = impulseResponse(freqs, 0);
    const uneven = impulseResponse(
      freqs.map((f, i) => (i === 9 ? f + 0.01e6 : f)),
      0,
    );
    expect(() => gateTrace(uneven, bandpass('Normal', 0, 10 * ns))).toThrow(
      'Gating needs equally spaced frequencies; index 9 is off the grid',
    );
    expect(() => gateTrace(trace, bandpass('Normal', 10 * ns, 10 * ns))).toThrow(
      'The gate start must be before its stop',
    );
    expect(() => gateTrace(trace, bandpass('Normal', 0, 600 * ns))).toThrow(
      'The gate must lie within ±500.0 ns',
    );
    expect(() => gateTrace(impulseResponse([1e9], 0), bandpass('Normal', 0, 1 * ns))).toThrow(
      'at least 2 points',
    );
  });
});

describe('the gate', () => {
  it('is −6 dB (½) at start and stop, 1 inside and 0 well outside', () => {
    for (const shape of SHAPES) {
      const o = bandpass(shape, 0, 100 * ns);
      expect(gateValue(0, o, SPAN)).toBeCloseTo(0.5, 9);
      expect(gateValue(100 * ns, o, SPAN)).toBeCloseTo(0.5, 9);
      expect(gateValue(50 * ns, o, SPAN)).toBe(1);
      expect(gateValue(-20 * ns, o, SPAN)).toBe(0);
    }
  });

  it('has the minimum span of the Keysight table: twice the cutoff, 2.8/span for Normal', () => {
    expect(gateMinimumSpan_s('Normal', SPAN)).toBeCloseTo(5.6 / SPAN, 20);
    expect(gateMinimumSpan_s('Maximum', SPAN)).toBeCloseTo(25.4 / SPAN, 20);
    // narrower than that, the gate never reaches full height
    expect(gateValue(2 * ns, bandpass('Maximum', 0, 4 * ns), SPAN)).toBeLessThan(0.9);
  });

  it('takes its options from the step gating fields in ns', () => {
    expect(gateOptionsOf({ ...defaultGating(), gatingType: 'Notch', gatingShape: 'Wide' })).toEqual({
      type: 'Notch',
      shape: 'Wide',
      start_s: 0,
      stop_s: 10 * ns,
    });
    expect(() => gateOptionsOf({ ...defaultGating(), gatingStop_ns: null })).toThrow(
      'Gating start and stop must be set',
    );
  });
});
