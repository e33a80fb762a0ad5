import type { ChannelSetup, Gate, TraceSetup } from '../network-analyzer';
import type { NaFixture } from './na-case-inputs';
import { failure } from './sim-fixture';

const ns = 1e-9;

/**
 * 1-3 GHz in 5 MHz steps over the default 2 m cable on ports 3-4 (one-way delay 9.5 ns): time
 * bins 0.5 ns apart, alias-free within ±100 ns. The near connector reflects at 0 ns, the far
 * one at 19 ns, so S33 ripples with a 52 MHz period.
 */
const CABLE_SWEEP: ChannelSetup = {
  startHz: 1e9,
  stopHz: 3e9,
  points: 401,
  ifbwHz: 10e3,
  powerDbm: 0,
  averages: 1,
  ports: [3, 4],
};

const AROUND_NEAR_CONNECTOR: Gate = { type: 'Bandpass', shape: 'Normal', startS: -8 * ns, stopS: 8 * ns };
const AROUND_TRANSMISSION: Gate = { type: 'Notch', shape: 'Normal', startS: 4 * ns, stopS: 15 * ns };

/** The middle 80 % of the band: gating spoils the first and last few % (docs/measurements.md). */
const middle = (values: Float64Array) =>
  Array.from(values.subarray(Math.round(values.length * 0.1), Math.round(values.length * 0.9)));
const ripple = (values: Float64Array) => Math.max(...middle(values)) - Math.min(...middle(values));
const dB = (re: number, im: number) => 20 * Math.log10(Math.hypot(re, im));

/** The analyzer's own time gate, applied by the simulator to the data it returns. */
export function gatingCases(f: NaFixture): void {
  /** Sweeps the calibrated cable with `traces` on channel 1 and returns each formatted trace. */
  async function sweepCable(traces: readonly TraceSetup[]): Promise<Float64Array[]> {
    await f.na.setupChannel(1, CABLE_SWEEP, traces);
    await f.na.calibrate(1, { ports: [3, 4], method: 'ecal', onStep: async () => undefined });
    await f.na.sweep(1);
    return Promise.all(traces.map((_, t) => f.na.formattedData(1, t + 1)));
  }

  it('a band-pass gate around the near connector removes the return-loss ripple of the far one', async () => {
    const [plain, gated] = await sweepCable([
      { sParam: 'S33', format: 'logMag' },
      { sParam: 'S33', format: 'logMag', gate: AROUND_NEAR_CONNECTOR },
    ]);
    // Ungated: the two 30 dB connectors add and cancel, 25 to 45 dB return loss and deeper.
    expect(ripple(plain as Float64Array)).toBeGreaterThan(15);
    // Gated: the near connector alone, a flat 30 dB.
    expect(ripple(gated as Float64Array)).toBeLessThan(0.5);
    for (const value of middle(gated as Float64Array)) expect(value).toBeCloseTo(-30, 0);
  });

  it('a notch gate around the transmission removes it, a band-pass gate keeps it; complex data is gated too', async () => {
    const [plain, notched, passed] = await sweepCable([
      { sParam: 'S43', format: 'logMag' },
      { sParam: 'S43', format: 'logMag', gate: AROUND_TRANSMISSION },
      { sParam: 'S43', format: 'logMag', gate: { ...AROUND_TRANSMISSION, type: 'Bandpass' } },
    ]);
    for (const value of middle(plain as Float64Array)) expect(value).toBeGreaterThan(-2);
    expect(Math.max(...middle(notched as Float64Array))).toBeLessThan(-45);
    middle(passed as Float64Array).forEach((value, k) =>
      expect(value).toBeCloseTo(middle(plain as Float64Array)[k] as number, 1),
    );
    const complex = await f.na.complexData(1, 2);
    const k = 200;
    expect(dB(complex.re[k] as number, complex.im[k] as number)).toBeCloseTo(notched?.[k] as number, 9);
  });

  it('refuses a gate beyond the time range the sweep resolves, after the sweep command', async () => {
    await f.na.setupChannel(1, CABLE_SWEEP, [
      {
        sParam: 'S33',
        format: 'logMag',
        gate: { ...AROUND_NEAR_CONNECTOR, startS: 150 * ns, stopS: 200 * ns },
      },
    ]);
    const error = await failure(f.na.sweep(1));
    expect(error.kind).toBe('instrument-error');
    expect(error.scpiErrors[0]?.code).toBe(-221);
    expect(error.message).toMatch(
      /reported -221,"Settings conflict; time gate: The gate must lie within ±100\.0 ns, the time range this sweep resolves \(1\/\(2Δf\)\)" after '/,
    );
  });
}
