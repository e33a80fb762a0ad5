import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultGating } from '../params/defaults';
import type { GatingShape } from '../params/params.types';
import { GATING_SHAPES } from '../params/params.types';
import type { GateOptions } from './gating';
import {
  gateMinimumSpan_s,
  gateOptionsOf,
  gateTrace,
  gateValue,
  GATING_MSG,
  narrowGateWarning,
} from './gating';
import { GATE_SHAPES } from './kaiser';
import { impulseResponse, linearFreqs, sumTraces } from './synthetic';
import { readTouchstone } from './touchstone-read';
import { networkTrace } from './touchstone.types';
import type { ComplexTrace, NumberArray } from './trace';

const ns = 1e-9;
// 1-2.6 GHz in 1 MHz steps: time bins 0.62 ns apart, alias-free within ±500 ns
const freqs = linearFreqs(1e9, 2.6e9, 1601);
const SPAN = 1.6e9;
const gate = (
  shape: GatingShape,
  start_s: number,
  stop_s: number,
  type: GateOptions['type'] = 'Bandpass',
) => ({
  type,
  shape,
  start_s,
  stop_s,
});

/** The frequency grids of the uniform fixture files (the others are not equally spaced). */
const FIXTURE_GRIDS = [
  'delay_short.s1p',
  'ring_slot_measured.s1p',
  'probe.s2p',
  'resonator_36mm.s2p',
  'P1-MSL_Thru_100-P2.s2p',
  'designer_bandpass_filter_450_550MHz.s2p',
].map((name) => {
  const text = readFileSync(join(__dirname, '../../fixtures/touchstone', name), 'utf8');
  return { name, freqs: Array.from(readTouchstone(text, { fileName: name }).network.freqs_Hz) };
});
const GRIDS = [{ name: '1-2.6 GHz, 1601 points', freqs }, ...FIXTURE_GRIDS];

const spanOf = (f: NumberArray) => (f[f.length - 1] as number) - (f[0] as number);
const stepOf = (f: NumberArray) => spanOf(f) / (f.length - 1);
/** 20·log10 |a/b| at every point. */
const ratio_dB = (a: ComplexTrace, b: ComplexTrace) =>
  Array.from(a.re, (re, k) => 20 * Math.log10(Math.hypot(re, a.im[k]!) / Math.hypot(b.re[k]!, b.im[k]!)));
/** The largest |a − b| of any point. */
const largestDifference = (a: ComplexTrace, b: ComplexTrace) =>
  Math.max(...Array.from(a.re, (re, k) => Math.hypot(re - b.re[k]!, a.im[k]! - b.im[k]!)));
/** The points of the middle `part` of the band. */
const middle = (values: number[], part: number) => {
  const n = values.length;
  return values.filter((_, k) => Math.abs(k - (n - 1) / 2) <= (part * (n - 1)) / 2 + 1e-9);
};
/** `count` evenly spaced times from a to b, both included. */
const between = (a: number, b: number, count: number) =>
  Array.from({ length: count }, (_, i) => a + ((b - a) * i) / (count - 1));

describe('gateTrace: a unit impulse at the gate centre', () => {
  it('comes back within ±0.01 dB at every point, ends included, for every shape, width and grid', () => {
    for (const { freqs: f } of GRIDS) {
      const limit = 1 / (2 * stepOf(f));
      for (const shape of GATING_SHAPES) {
        const minimum = gateMinimumSpan_s(shape, spanOf(f));
        // narrower than the minimum too: renormalization is exact for this impulse whatever the gate
        for (const width of [0.5 * minimum, minimum, 2 * minimum, 4 * minimum].filter((w) => w < limit)) {
          const centre = 0.3 * (limit - width / 2);
          const impulse = impulseResponse(f, centre, 0.7);
          const gated = gateTrace(impulse, gate(shape, centre - width / 2, centre + width / 2));
          expect(Math.max(...ratio_dB(gated, impulse).map(Math.abs))).toBeLessThan(0.01);
          expect(largestDifference(gated, impulse)).toBeLessThan(1e-9);
        }
      }
    }
  });
});

describe('gateTrace: impulses inside and outside the gate', () => {
  // For each grid, shape and gate of 2, 4 and 10 times the minimum span that fits the time range:
  // 9 impulses from start + cutoff to stop − cutoff, 16 from cutoff beyond the stop round to
  // cutoff before the start (the time response repeats every 1/Δf).
  it.each(GATING_SHAPES)(
    '%s: keeps the table passband ripple and sidelobe level over its reliable band',
    (shape) => {
      const { passbandRipple_dB, sidelobe_dB, reliableBand, cutoffSpans } = GATE_SHAPES[shape];
      let checked = 0;
      for (const { freqs: f } of GRIDS) {
        const period = 1 / stepOf(f);
        const c = cutoffSpans / spanOf(f);
        for (const times of [2, 4, 10]) {
          const width = times * gateMinimumSpan_s(shape, spanOf(f));
          if (width + 2 * c > period) continue;
          const centre = 0.2 * (period / 2 - width / 2);
          const o = gate(shape, centre - width / 2, centre + width / 2);
          for (const t of between(o.start_s + c, o.stop_s - c, 9)) {
            const impulse = impulseResponse(f, t);
            const errors = middle(ratio_dB(gateTrace(impulse, o), impulse), reliableBand);
            expect(Math.max(...errors.map(Math.abs))).toBeLessThanOrEqual(passbandRipple_dB);
          }
          for (const t of between(o.stop_s + 1.001 * c, o.start_s + period - 1.001 * c, 16)) {
            const impulse = impulseResponse(f, t);
            const levels = middle(ratio_dB(gateTrace(impulse, o), impulse), reliableBand);
            expect(Math.max(...levels)).toBeLessThanOrEqual(sidelobe_dB);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(GRIDS.length * 2);
    },
  );

  it('keeps a response inside and drops a later reflection', () => {
    const dut = impulseResponse(freqs, 2 * ns, 0.9);
    const echo = impulseResponse(freqs, 40 * ns, 0.3);
    const gated = gateTrace(sumTraces(dut, echo), gate('Normal', -10 * ns, 15 * ns));
    const errors = middle(ratio_dB(gated, dut), GATE_SHAPES.Normal.reliableBand);
    expect(Math.max(...errors.map(Math.abs))).toBeLessThan(0.01);
  });
});

describe('gateTrace: notch', () => {
  it('makes band-pass + notch = the original to 1e-12, on synthetic and on measured data', () => {
    const synthetic = sumTraces(
      impulseResponse(freqs, 1.1 * ns, 0.5),
      impulseResponse(freqs, 30.9 * ns, 0.2),
    );
    const text = readFileSync(join(__dirname, '../../fixtures/touchstone/probe.s2p'), 'utf8');
    const measured = networkTrace(readTouchstone(text, { fileName: 'probe.s2p' }).network, 1, 1);
    for (const [trace, start, stop] of [
      [synthetic, -10 * ns, 15 * ns],
      [measured, 0, 0.3 * ns],
    ] as const) {
      for (const shape of GATING_SHAPES) {
        const pass = gateTrace(trace, gate(shape, start, stop));
        const notch = gateTrace(trace, gate(shape, start, stop, 'Notch'));
        const rebuilt = {
          freqs_Hz: trace.freqs_Hz,
          re: Array.from(pass.re, (re, k) => re + notch.re[k]!),
          im: Array.from(pass.im, (im, k) => im + notch.im[k]!),
        };
        expect(largestDifference(rebuilt, trace)).toBeLessThan(1e-12);
      }
    }
  });

  it('removes the response inside the notch and keeps the one outside', () => {
    const near = impulseResponse(freqs, 1.1 * ns, 0.5);
    const far = impulseResponse(freqs, 30.9 * ns, 0.2);
    const notch = gateTrace(sumTraces(near, far), gate('Wide', -10 * ns, 15 * ns, 'Notch'));
    const errors = middle(ratio_dB(notch, far), GATE_SHAPES.Wide.reliableBand);
    expect(Math.max(...errors.map(Math.abs))).toBeLessThan(0.1);
  });
});

describe('gateTrace: inputs', () => {
  it('works on power-of-two lengths, and does not change its input', () => {
    const f = linearFreqs(1e9, 2.023e9, 1024);
    const trace = impulseResponse(f, 5 * ns);
    const before = [...trace.re];
    const errors = ratio_dB(gateTrace(trace, gate('Normal', -30 * ns, 40 * ns)), trace);
    expect(Math.max(...middle(errors, 0.3).map(Math.abs))).toBeLessThan(0.01);
    expect(trace.re).toEqual(before);
  });

  it('refuses uneven frequencies, a reversed gate, one beyond the alias-free range, and one point', () => {
    const trace = impulseResponse(freqs, 0);
    const uneven = impulseResponse(
      freqs.map((f, i) => (i === 9 ? f + 0.01e6 : f)),
      0,
    );
    expect(() => gateTrace(uneven, gate('Normal', 0, 10 * ns))).toThrow(
      'Gating needs equally spaced frequencies; index 9 is off the grid',
    );
    expect(() => gateTrace(trace, gate('Normal', 10 * ns, 10 * ns))).toThrow(
      'The gate start must be before its stop',
    );
    expect(() => gateTrace(trace, gate('Normal', 0, 600 * ns))).toThrow('The gate must lie within ±500.0 ns');
    expect(() => gateTrace(impulseResponse([1e9], 0), gate('Normal', 0, 1 * ns))).toThrow(
      'at least 2 points',
    );
    expect(() => gateTrace({ ...trace, re: trace.re.slice(1) }, gate('Normal', 0, 1 * ns))).toThrow();
  });
});

describe('the gate', () => {
  it('is −6 dB (½) at start and stop, 1 inside and 0 well outside', () => {
    for (const shape of GATING_SHAPES) {
      const o = gate(shape, 0, 100 * ns);
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
    expect(gateValue(2 * ns, gate('Maximum', 0, 4 * ns), SPAN)).toBeLessThan(0.9);
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

describe('narrowGateWarning', () => {
  const sweep = linearFreqs(1e9, 2e9, 201); // 1 GHz span: Normal minimum 5.6 ns, Maximum 25.4 ns
  const on = { ...defaultGating(), isGating: true };

  it('warns about a gate narrower than its shape minimum, with the minimum in ns', () => {
    expect(narrowGateWarning({ ...on, gatingStart_ns: 0, gatingStop_ns: 5 }, sweep)).toBe(
      'Gate narrower than the Normal minimum of 5.6 ns: the gated trace is distorted',
    );
    expect(
      narrowGateWarning({ ...on, gatingShape: 'Maximum', gatingStart_ns: -10, gatingStop_ns: 10 }, sweep),
    ).toBe(GATING_MSG.narrowGate('Maximum', 25.4));
    expect(GATING_MSG.narrowGate('Wide', (8.8 / 1.6e9) * 1e9)).toBe(
      'Gate narrower than the Wide minimum of 5.5 ns: the gated trace is distorted',
    );
  });

  it('is silent for a gate of at least the minimum, gating off, unset times, or one point', () => {
    expect(narrowGateWarning({ ...on, gatingStart_ns: 0, gatingStop_ns: 5.6 }, sweep)).toBeUndefined();
    expect(narrowGateWarning({ ...on, gatingStart_ns: -3, gatingStop_ns: 30 }, sweep)).toBeUndefined();
    expect(narrowGateWarning({ ...on, isGating: false, gatingStop_ns: 1 }, sweep)).toBeUndefined();
    expect(narrowGateWarning({ ...on, gatingStop_ns: null }, sweep)).toBeUndefined();
    expect(narrowGateWarning({ ...on, gatingStop_ns: 1 }, [1e9])).toBeUndefined();
  });
});
