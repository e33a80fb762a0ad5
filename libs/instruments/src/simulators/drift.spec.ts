import { ScpiSession } from '../transport/scpi-session';
import { openTcpTransport } from '../transport/tcp-transport';
import { DRIFT_RULE, formatDrift, parseDrift, type Drift } from './drift';
import { driftDevices } from './drift-devices';
import {
  DEFAULT_SIM_CONFIG,
  DEVICE_DEFAULTS,
  type DeviceSpec,
  type SimConfig,
  type SimFamily,
} from './sim-config';
import { parseSimConfig, SimConfigError } from './sim-config-parse';
import { startSimulator, type Simulator } from './simulator';

describe('parseDrift', () => {
  it.each([
    ['insertion-loss:0.02', { parameter: 'insertion-loss', step: 0.02 }],
    [' Return-Loss : -0.5 ', { parameter: 'return-loss', step: -0.5 }],
    ['centre-frequency:0.2', { parameter: 'center-frequency', step: 0.2 }],
    ['center-frequency:-10', { parameter: 'center-frequency', step: -10 }],
  ])('reads %j', (text, drift) => {
    expect(parseDrift(text)).toEqual(drift);
    expect(parseDrift(formatDrift(drift as Drift))).toEqual(drift);
  });

  it.each([
    'insertion-loss',
    'insertion-loss:',
    'insertion-loss:0',
    'insertion-loss:1.5',
    'insertion-loss:abc',
    'insertion-loss:0.1:2',
    'return-loss:6',
    'center-frequency:11',
    'gain:0.1',
    ':0.1',
    '',
  ])('refuses %j', (text) => {
    expect(parseDrift(text)).toBeUndefined();
  });

  it('is read from a config file, and a bad one refused with the rule', () => {
    expect(parseSimConfig({ drift: 'insertion-loss:0.01' }).drift).toEqual({
      parameter: 'insertion-loss',
      step: 0.01,
    });
    expect(parseSimConfig({}).drift).toBeUndefined();
    for (const drift of ['insertion-loss:2', { parameter: 'insertion-loss', step: 0.1 }, 0.1]) {
      expect(() => parseSimConfig({ drift })).toThrow(
        new SimConfigError(`config.drift: must be ${DRIFT_RULE}`),
      );
    }
    expect(DRIFT_RULE).toContain('insertion-loss (dB, step from -1 to 1, not 0)');
  });
});

describe('driftDevices', () => {
  const bandpass = { model: 'bandpass', ports: [1, 2], ...DEVICE_DEFAULTS.bandpass } as const;
  const cable = {
    model: 'cable',
    ports: [3, 4],
    ...DEVICE_DEFAULTS.cable,
    farConnectorReturnLossDb: 25,
  } as const;
  const devices: readonly DeviceSpec[] = [bandpass, cable];
  const at = (drift: Drift, units: number) => driftDevices(devices, drift, units);

  it('leaves the first unit, and every unit without a drift, as configured', () => {
    expect(at({ parameter: 'insertion-loss', step: 0.1 }, 0)).toBe(devices);
    expect(driftDevices(devices, undefined, 12)).toBe(devices);
  });

  it("moves a filter's loss by one step a unit, and not a device that has none", () => {
    const [filter, line] = at({ parameter: 'insertion-loss', step: 0.02 }, 10);
    expect(filter).toMatchObject({ lossDb: expect.closeTo(0.8 + 0.2, 12) });
    expect(line).toBe(cable);
    // a long drift stops at what the model can be
    expect(at({ parameter: 'insertion-loss', step: -0.1 }, 20)[0]).toMatchObject({ lossDb: 0 });
  });

  it("moves a Chebyshev filter's pass-band return loss through its ripple, a cable's at both ends", () => {
    const returnLoss = (rippleDb: number) => -10 * Math.log10(1 - 10 ** (-rippleDb / 10));
    const [filter, line] = at({ parameter: 'return-loss', step: -0.5 }, 4);
    expect(returnLoss((filter as { rippleDb: number }).rippleDb)).toBeCloseTo(returnLoss(0.1) - 2, 9);
    expect(line).toMatchObject({ connectorReturnLossDb: 28, farConnectorReturnLossDb: 23 });
  });

  it("moves a band-pass filter's centre in MHz, keeping its bandwidth", () => {
    const [filter, line] = at({ parameter: 'center-frequency', step: 0.5 }, 6);
    expect(filter).toMatchObject({ centerHz: 903e6, bandwidthHz: 40e6 });
    expect(line).toBe(cable);
  });
});

/** |S21| in dB at one frequency, swept on channel 1 of the ENA (uncorrected: the same test-port loss every unit). */
async function s21At(session: ScpiSession, freqHz: number): Promise<number> {
  await session.write([
    ':CALC1:PAR1:DEF S21',
    `:SENS1:FREQ:STAR ${freqHz}`,
    `:SENS1:FREQ:STOP ${freqHz}`,
    ':SENS1:SWE:POIN 2',
    ':CALC1:FORM MLOG',
    ':FORM:DATA ASC',
  ]);
  const [db] = (await session.query(':CALC1:DATA:FDAT?')).split(',').map(Number);
  return db as number;
}

/** The median of `values`: a faulty unit among them (3 % of BPF-600s lose 1.3-1.7 dB) does not move it. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length / 2;
  return sorted.length % 2
    ? (sorted[Math.floor(mid)] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

describe('a drifting simulator over units (:SIM:DUT)', () => {
  let sim: Simulator | undefined;
  let session: ScpiSession | undefined;

  afterEach(async () => {
    await session?.close();
    await sim?.close();
    session = undefined;
    sim = undefined;
  });

  async function open(
    config: SimConfig,
    lines: string[] = [],
    family: SimFamily = 'ena',
  ): Promise<ScpiSession> {
    sim = await startSimulator({
      family,
      config: { ...config, timeScale: 0 },
      onUnit: (line) => lines.push(line),
    });
    const transport = await openTcpTransport('127.0.0.1', sim.port, { queryTimeoutMs: 2000 });
    session = new ScpiSession(transport, { checkErrors: false });
    return session;
  }

  /** The loss at 900 MHz of each unit, in order: the configured 900 MHz filter for another product's units. */
  async function losses(s: ScpiSession, serials: readonly string[], product = 'F-200'): Promise<number[]> {
    const result: number[] = [];
    for (const serial of serials) {
      await s.write(`:SIM:DUT "${product}","${serial}"`);
      result.push(-(await s21At(s, product === 'BPF-600' ? 600e6 : 900e6)));
    }
    return result;
  }

  /** Two units' receiver noise differs by about 0.004 dB rms (models/noise.ts). */
  const NOISE_DB = 0.015;
  const serials = (n: number) => Array.from({ length: n }, (_, i) => `U-${i + 1}`);

  it('measures unit n with the insertion loss moved by n steps, a retest as before, and says so', async () => {
    const lines: string[] = [];
    const s = await open(
      { ...DEFAULT_SIM_CONFIG, drift: { parameter: 'insertion-loss', step: 0.05 } },
      lines,
    );
    const measured = await losses(s, serials(10));
    measured.forEach((loss, n) =>
      expect(Math.abs(loss - (measured[0] as number) - n * 0.05)).toBeLessThan(NOISE_DB),
    );
    // U-3 again, after U-10: its own place, so the same loss again
    const [again] = await losses(s, ['U-3']);
    expect(again).toBeCloseTo(measured[2] as number, 2);
    expect(lines[0]).toBe('F-200 U-1 connected (configured devices; insertion loss +0 dB)');
    expect(lines[9]).toBe('F-200 U-10 connected (configured devices; insertion loss +0.45 dB)');
    expect(lines[10]).toBe('F-200 U-3 connected (configured devices; insertion loss +0.1 dB)');
    expect(await s.readErrors()).toEqual([]);
  });

  it('drifts nothing without a drift', async () => {
    const lines: string[] = [];
    const s = await open(DEFAULT_SIM_CONFIG, lines);
    const measured = await losses(s, serials(10));
    for (const loss of measured) expect(Math.abs(loss - (measured[0] as number))).toBeLessThan(NOISE_DB);
    expect(lines[9]).toBe('F-200 U-10 connected (configured devices)');
  });

  it('leaves the PIM analyzer, which measures no device, undrifted, and says nothing of a drift', async () => {
    const lines: string[] = [];
    const s = await open(
      { ...DEFAULT_SIM_CONFIG, drift: { parameter: 'insertion-loss', step: 0.05 } },
      lines,
      'pim',
    );
    await s.write([':SIM:DUT "F-200","U-1"', ':SIM:DUT "F-200","U-2"']);
    expect(await s.query(':SIM:DUT?')).toBe('"F-200","U-2","configured devices"');
    expect(lines).toEqual([
      'F-200 U-1 connected (configured devices)',
      'F-200 U-2 connected (configured devices)',
    ]);
  });

  it("drifts the demo BPF-600's units: each its own draw, the trend N × step", async () => {
    const step = 0.01;
    const drifting = await losses(
      await open({ ...DEFAULT_SIM_CONFIG, drift: { parameter: 'insertion-loss', step } }),
      serials(30),
      'BPF-600',
    );
    await session?.close();
    await sim?.close();
    const steady = await losses(await open(DEFAULT_SIM_CONFIG), serials(30), 'BPF-600');
    // the same units, so the differences are the drift alone, whatever each unit's own loss
    drifting.forEach((loss, n) =>
      expect(Math.abs(loss - (steady[n] as number) - n * step)).toBeLessThan(0.001),
    );
    // and the trend stands out of the units' own spread (±0.04 dB): units 21-30 against 1-10
    const rise = (losses: number[]) => median(losses.slice(20)) - median(losses.slice(0, 10));
    expect(Math.abs(rise(drifting) - 20 * step)).toBeLessThan(0.05);
    expect(Math.abs(rise(steady))).toBeLessThan(0.05);
  });
});
