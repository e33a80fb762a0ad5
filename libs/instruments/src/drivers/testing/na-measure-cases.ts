import type { FamilyCase, NaFixture } from './na-case-inputs';
import { commandsSince, failure, FILTER_SWEEP, S21_LOGMAG } from './sim-fixture';

const dB = (re: number, im: number) => 20 * Math.log10(Math.hypot(re, im));

/** Identity, the FAQ check, stimulus, formats, several channels, data and markers. */
export function measurementCases(c: FamilyCase, f: NaFixture): void {
  it('identifies the instrument and switches to REAL,64 little-endian transfers', () => {
    expect(f.na.kind).toBe('network-analyzer');
    expect(f.na.family).toBe(c.family);
    expect(f.na.identity.idn).toBe(f.sim.idn);
    expect(f.na.session.dataFormat).toEqual({ format: 'REAL,64', byteOrder: 'SWAP' });
  });

  it('accepts 16 channels with 16 traces, and explains the FAQ setting when channels are limited', async () => {
    await f.na.checkChannelCapacity();
    await f.na.session.write(':SIM:LIM 4,16');
    const error = await failure(f.na.checkChannelCapacity());
    expect(error.kind).toBe('instrument-error');
    expect(error.message).toMatch(
      /cannot hold 16 channels with 16 traces each: it refused channel 16, trace 16/,
    );
    expect(error.message).toMatch(c.capacityAdvice);
    expect([...new Set(error.scpiErrors.map((e) => e.code))]).toEqual(c.channelLimitCodes);
    await f.na.session.write(':SIM:LIM 16,4');
    const traces = await failure(f.na.checkChannelCapacity());
    expect([...new Set(traces.scpiErrors.map((e) => e.code))]).toEqual(c.traceLimitCodes);
    await f.na.session.write(':SIM:LIM 16,16');
    await f.na.checkChannelCapacity();
  });

  it('sweeps a channel and returns formatted data, complex data and the frequency axis that agree', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG, { sParam: 'S11', format: 'swr' }]);
    await f.na.sweep(1);
    const logMag = await f.na.formattedData(1, 1);
    const complex = await f.na.complexData(1, 1);
    const freqs = await f.na.frequencies(1);
    expect(logMag).toHaveLength(201);
    expect(Array.from(freqs.subarray(0, 2))).toEqual([800e6, 801e6]);
    expect(freqs[200]).toBe(1e9);
    for (const k of [0, 100, 200])
      expect(logMag[k]).toBeCloseTo(dB(complex.re[k] as number, complex.im[k] as number), 9);
    // Uncorrected: the filter's 0.8 dB plus about 0.6 dB of test-port cables; deep rejection outside.
    expect(logMag[100]).toBeGreaterThan(-1.6);
    expect(logMag[100]).toBeLessThan(-1.1);
    expect(logMag[0]).toBeLessThan(-40);
    const swr = await f.na.formattedData(1, 2);
    expect(Math.min(...swr)).toBeGreaterThanOrEqual(1);
  });

  it('sets up and reads every format: phase, unwrapped phase, group delay and SWR', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [
      { sParam: 'S21', format: 'phase' },
      { sParam: 'S21', format: 'unwrappedPhase' },
      { sParam: 'S21', format: 'groupDelay' },
      { sParam: 'S22', format: 'swr' },
    ]);
    await f.na.sweep(1);
    const [phase, unwrapped, delay, swr] = await Promise.all(
      [1, 2, 3, 4].map((t) => f.na.formattedData(1, t)),
    );
    expect(phase?.every((p) => p > -180 && p <= 180)).toBe(true);
    expect((unwrapped?.[150] as number) - (unwrapped?.[50] as number)).toBeLessThan(-360);
    // A 5th-order 40 MHz band-pass delays tens of ns at its centre (plus the 5 ns of port cables).
    expect(delay?.[100]).toBeGreaterThan(15e-9);
    expect(delay?.[100]).toBeLessThan(80e-9);
    expect(swr?.[100]).toBeLessThan(2);
  });

  it('sends the stimulus, averaging, smoothing and gating as the family spells them', async () => {
    const from = f.sim.commands.length;
    await f.na.setupChannel(1, { ...FILTER_SWEEP, powerDbm: -5, averages: 4 }, [
      {
        sParam: 'S21',
        format: 'logMag',
        smoothingPct: 2,
        gate: { type: 'Notch', shape: 'Wide', startS: -2e-9, stopS: 8e-9 },
      },
    ]);
    await f.na.sweep(1);
    const sent = commandsSince(f.sim, from);
    for (const command of [...c.stimulus, ...c.averaging, ...c.smoothing, ...c.gate])
      expect(sent).toContain(command);
    expect((await f.na.formattedData(1, 1))[100]).toBeLessThan(-1);
  });

  it('sweeps several channels, each with its own stimulus', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    await f.na.setupChannel(2, { ...FILTER_SWEEP, startHz: 1e9, stopHz: 2e9, points: 11 }, [
      { sParam: 'S43', format: 'logMag' },
    ]);
    await f.na.sweep([1, 2]);
    expect(await f.na.frequencies(2)).toHaveLength(11);
    // Ports 3-4 hold the default 2 m cable: a fraction of a dB at 1-2 GHz, uncorrected.
    const cable = await f.na.formattedData(2, 1);
    expect(cable[10]).toBeLessThan(-0.5);
    expect(cable[10]).toBeGreaterThan(-4);
  });

  it('reads a marker at a frequency, as the trace there', async () => {
    await f.na.setupChannel(1, FILTER_SWEEP, [{ sParam: 'S11', format: 'logMag' }, S21_LOGMAG]);
    await f.na.sweep(1);
    await f.na.setMarker(1, 2, 1, 900e6);
    const trace = await f.na.formattedData(1, 2);
    expect(await f.na.markerValue(1, 2, 1)).toBeCloseTo(trace[100] as number, 8);
    await f.na.setMarker(1, 2, 3, 900.5e6);
    const between = ((trace[100] as number) + (trace[101] as number)) / 2;
    expect(await f.na.markerValue(1, 2, 3)).toBeCloseTo(between, 8);
  });
}
