import { defaultCalibration, runOriginError, type Calibration } from '@sweepline/domain';
import type { NetworkAnalyzer, PimAnalyzer } from '@sweepline/instruments';
import { CalibrationKeeper } from './calibration-keeper';
import type { Instruments } from './instrument-pool';
import { calibrationOperator, instrumentUse, OriginRecorder } from './run-origin';

const NA_RESOURCE = 'TCPIP0::10.0.0.5::5025::SOCKET';
const fake = (idn: [string, string, string, string], resource: string) =>
  ({
    identity: { maker: idn[0], model: idn[1], serial: idn[2], firmware: idn[3], idn: idn.join(',') },
    session: { transport: { resource } },
  }) as unknown as NetworkAnalyzer & PimAnalyzer;

const na = fake(['Keysight Technologies', 'E5071C', 'MY46107723', 'B.14.10'], NA_RESOURCE);
const pim = fake(['Kaelus', 'iQA-0900E', 'KA20411287', '2.6.1'], 'TCPIP0::10.0.0.6::5025::SOCKET');
const pool: Instruments = {
  ecalPorts: 2,
  ecalSerial: 'MY12345678',
  networkAnalyzer: () => Promise.resolve(na),
  pimAnalyzer: () => Promise.resolve(pim),
};

const cal = (id: number, ports: string): Calibration => ({
  ...defaultCalibration(id, ports.split('-').length as Calibration['type'], ports),
  startFreq_MHz: 800,
  stopFreq_MHz: 1000,
});
const cals = [cal(11, '1-2'), cal(12, '1')];
const context = { station: 'Line 2 / Bench 4', runnerVersion: '0.9.0' };
const made = Date.parse('2026-11-29T06:00:00Z');

function keeperWithCalibrations(): CalibrationKeeper {
  const keeper = new CalibrationKeeper(8, () => made);
  keeper.remember(NA_RESOURCE, 1, cals[0]!, { kind: 'ecal', ecalSerial: 'MY12345678', madeBy: 'Ann' });
  keeper.remember(NA_RESOURCE, 2, cals[1]!, { kind: 'mechanical', madeBy: 'Ann' });
  return keeper;
}

describe("a run's origin fields (issue 40)", () => {
  it('names the station, the version, the instruments it used and the calibration of each NA step result', async () => {
    const recorder = new OriginRecorder(pool, keeperWithCalibrations(), cals);
    await recorder.networkAnalyzer();
    recorder.measured(0, [11, 11, 11]); // a Cable step: three rows
    recorder.measured(4, [12]);
    recorder.measured(5, [11]);
    const origin = recorder.origin(context);
    expect(origin).toEqual({
      station: 'Line 2 / Bench 4',
      runner_version: '0.9.0',
      instruments: [
        {
          role: 'network_analyzer',
          vendor: 'Keysight Technologies',
          model: 'E5071C',
          serial: 'MY46107723',
          firmware: 'B.14.10',
          resource: NA_RESOURCE,
        },
      ],
      calibrations: [
        {
          key: expect.stringMatching(/^[0-9a-f-]{36}$/),
          step_indices: [0, 1, 2, 5],
          instrument: 0,
          kind: 'ecal',
          ecal_serial: 'MY12345678',
          ports: '1-2',
          start_MHz: 800,
          stop_MHz: 1000,
          made_at: '2026-11-29T06:00:00.000Z',
          made_by: 'Ann',
        },
        expect.objectContaining({ step_indices: [4], kind: 'mechanical', ports: '1', instrument: 0 }),
      ],
    });
    expect(origin.calibrations![1]).not.toHaveProperty('ecal_serial');
    // what the domain's rules (and so the service) take
    const upload = { ...origin, start_time: '2026-11-29T07:00:00Z' };
    expect(runOriginError(upload, 6)).toBeUndefined();
  });

  it('names only the instruments the run used, the analyzer at its index', async () => {
    const recorder = new OriginRecorder(pool, keeperWithCalibrations(), cals);
    await recorder.pimAnalyzer();
    expect(recorder.origin(context).instruments?.map((i) => i.role)).toEqual(['pim_analyzer']);
    await recorder.networkAnalyzer();
    recorder.measured(0, [12]);
    const origin = recorder.origin(context);
    expect(origin.instruments?.map((i) => i.role)).toEqual(['network_analyzer', 'pim_analyzer']);
    expect(origin.calibrations?.[0]?.instrument).toBe(0);
  });

  it('notes no calibration for a row measured without one (expired, or lost and not made again)', async () => {
    let now = made;
    const keeper = new CalibrationKeeper(8, () => now);
    keeper.remember(NA_RESOURCE, 1, cals[0]!, { kind: 'mechanical', madeBy: 'Ann' });
    keeper.remember(NA_RESOURCE, 2, cals[1]!, { kind: 'mechanical', madeBy: 'Ann' });
    keeper.forget(NA_RESOURCE, 2, cals[1]!);
    const recorder = new OriginRecorder(pool, keeper, cals);
    await recorder.networkAnalyzer();
    recorder.measured(0, [12]);
    now = made + 9 * 3_600_000; // past the shift
    recorder.measured(1, [11]);
    expect(recorder.origin(context)).not.toHaveProperty('calibrations');
  });

  it('sends no station when it has none, and no instruments when the run used none', () => {
    const origin = new OriginRecorder(pool, new CalibrationKeeper(8), cals).origin({
      runnerVersion: '1.0.0',
    });
    expect(origin).toEqual({ runner_version: '1.0.0' });
  });

  it('leaves out an instrument whose *IDN? answer names no serial number', () => {
    const anonymous = fake(['Acme', 'Box', '', ''], NA_RESOURCE);
    expect(instrumentUse('network_analyzer', anonymous)).toBeUndefined();
    const noFirmware = fake(['Acme', 'Box', 'S1', ''], NA_RESOURCE);
    expect(instrumentUse('network_analyzer', noFirmware)).not.toHaveProperty('firmware');
  });
});

describe('who makes the calibrations', () => {
  const api = (name: string | Error) => ({
    whoami: () => (name instanceof Error ? Promise.reject(name) : Promise.resolve({ name } as never)),
  });

  it('is SWEEPLINE_OPERATOR, else the sign-in, else nobody named', async () => {
    expect(await calibrationOperator(api('Lab Manager'), { SWEEPLINE_OPERATOR: ' Ann ' })).toBe('Ann');
    expect(await calibrationOperator(api('Lab Manager'), {})).toBe('Lab Manager');
    expect(await calibrationOperator(api(new Error('offline')), {})).toBeUndefined();
  });
});
