import type { CalibrationUse, InstrumentUse } from '../api/instruments';
import { STATION_MSG } from '../stations/stations';
import {
  calibrationState,
  certificateError,
  instrumentCheckError,
  instrumentName,
  isPdf,
  isWholeCalibration,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  runOriginError,
} from './traceability';

const START = '2025-11-20T08:00:00Z';
const ANALYZER: InstrumentUse = {
  role: 'network_analyzer',
  vendor: 'Keysight Technologies',
  model: 'E5071C',
  serial: 'MY46100001',
  firmware: 'B.13.10',
  resource: 'TCPIP0::10.0.0.5::5025::SOCKET',
};
const PIM: InstrumentUse = { role: 'pim_analyzer', vendor: 'Rosenberger', model: 'PiMMA', serial: 'PM-1' };
const whole = (over: Partial<CalibrationUse> = {}): CalibrationUse => ({
  key: 'cal-1',
  step_indices: [1],
  instrument: 0,
  kind: 'mechanical',
  ports: '1-2',
  start_MHz: 600,
  stop_MHz: 2700,
  made_at: '2025-11-20T07:00:00Z',
  made_by: 'Olive',
  ...over,
});

/** The first error of an upload of four step results with these origin fields. */
const originError = (origin: Record<string, unknown>) =>
  runOriginError({ start_time: START, instruments: [ANALYZER, PIM], ...origin }, 4);

describe('runOriginError', () => {
  it('accepts an upload without origin fields, and one with all of them', () => {
    expect(runOriginError({ start_time: START }, 4)).toBeUndefined();
    expect(
      originError({
        station: 'LAB-PC-1',
        runner_version: '0.9.0',
        calibrations: [whole(), { key: 'cal-0', step_indices: [2, 3] }],
      }),
    ).toBeUndefined();
  });

  it('names each bad field of the station, the version and the instruments', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ station: '' }, 'station', STATION_MSG.name],
      [{ station: 'PC\u0007' }, 'station', STATION_MSG.name],
      [{ runner_version: 'v'.repeat(41) }, 'runner_version', ORIGIN_MSG.version],
      [{ instruments: 'E5071C' }, 'instruments', ORIGIN_MSG.instruments],
      [{ instruments: Array(9).fill(PIM) }, 'instruments', ORIGIN_MSG.instruments],
      [{ instruments: [PIM, 3] }, 'instruments[1]', 'Invalid value'],
      [{ instruments: [{ ...PIM, role: 'oscilloscope' }] }, 'instruments[0].role', ORIGIN_MSG.role],
      [{ instruments: [{ ...PIM, vendor: ' Rosenberger' }] }, 'instruments[0].vendor', ORIGIN_MSG.text],
      [{ instruments: [{ ...PIM, model: 'M'.repeat(101) }] }, 'instruments[0].model', ORIGIN_MSG.text],
      [{ instruments: [{ ...PIM, serial: 7 }] }, 'instruments[0].serial', ORIGIN_MSG.text],
      [{ instruments: [{ ...PIM, firmware: '' }] }, 'instruments[0].firmware', ORIGIN_MSG.text],
      [
        { instruments: [{ ...PIM, resource: 'r'.repeat(257) }] },
        'instruments[0].resource',
        ORIGIN_MSG.resource,
      ],
      [{ instruments: [{ ...PIM, location: 'bench 3' }] }, 'instruments[0].location', 'Unknown field'],
      [
        { instruments: [PIM, { ...PIM, role: 'network_analyzer' }] },
        'instruments[1]',
        ORIGIN_MSG.twoInstruments,
      ],
    ];
    for (const [origin, field, message] of cases) expect(originError(origin)).toEqual({ field, message });
    // the same model and serial of another vendor is another instrument
    expect(originError({ instruments: [PIM, { ...PIM, vendor: 'Kaelus' }] })).toBeUndefined();
  });

  it('takes a calibration whole or by its key alone, nothing in between', () => {
    const { kind: _kind, ...noKind } = whole();
    const cases: [CalibrationUse | Record<string, unknown>, string, string][] = [
      [noKind, 'calibrations[0]', ORIGIN_MSG.partial],
      [{ key: 'cal-1', step_indices: [1], made_by: 'Olive' }, 'calibrations[0]', ORIGIN_MSG.partial],
      [{ key: 'cal-1', step_indices: [1], ecal_serial: 'MY1' }, 'calibrations[0]', ORIGIN_MSG.partial],
      [{ key: 'cal 1', step_indices: [1] }, 'calibrations[0].key', ORIGIN_MSG.key],
      [{ key: 'k'.repeat(65), step_indices: [1] }, 'calibrations[0].key', ORIGIN_MSG.key],
      [{ key: 'cal-1' }, 'calibrations[0].step_indices', ORIGIN_MSG.stepIndices],
      [{ key: 'cal-1', step_indices: [1], colour: 'red' }, 'calibrations[0].colour', 'Unknown field'],
    ];
    for (const [cal, field, message] of cases)
      expect(originError({ calibrations: [cal] })).toEqual({ field, message });
    expect(isWholeCalibration(whole())).toBe(true);
    expect(isWholeCalibration({ key: 'cal-1', step_indices: [] })).toBe(false);
  });

  it("checks a whole calibration's details", () => {
    const cases: [Partial<CalibrationUse> | Record<string, unknown>, string, string][] = [
      [{ instrument: 1 }, 'instrument', ORIGIN_MSG.notAnAnalyzer],
      [{ instrument: 2 }, 'instrument', ORIGIN_MSG.notAnAnalyzer],
      [{ instrument: -1 }, 'instrument', ORIGIN_MSG.notAnAnalyzer],
      [{ instrument: 0.5 }, 'instrument', ORIGIN_MSG.notAnAnalyzer],
      [{ kind: 'tRL' }, 'kind', ORIGIN_MSG.kind],
      [{ kind: 'ecal' }, 'ecal_serial', ORIGIN_MSG.ecalSerial],
      [{ ecal_serial: 'MY1' }, 'ecal_serial', ORIGIN_MSG.ecalSerial],
      [{ ports: '2-1' }, 'ports', ORIGIN_MSG.ports],
      [{ ports: '1-3' }, 'ports', ORIGIN_MSG.ports],
      [{ start_MHz: 0 }, 'start_MHz', ORIGIN_MSG.range],
      [{ stop_MHz: 600 }, 'start_MHz', ORIGIN_MSG.range],
      [{ stop_MHz: '2700' }, 'start_MHz', ORIGIN_MSG.range],
      [{ made_at: '2025-11-20 07:00' }, 'made_at', 'A time in ISO 8601 with its zone'],
      [{ made_at: '2025-11-20T08:00:00.001Z' }, 'made_at', ORIGIN_MSG.madeAfterRun],
      [{ made_by: '' }, 'made_by', ORIGIN_MSG.text],
    ];
    for (const [over, field, message] of cases)
      expect(originError({ calibrations: [whole(over as Partial<CalibrationUse>)] })).toEqual({
        field: `calibrations[0].${field}`,
        message,
      });
    // made when the run started, and an ECal with its module
    expect(originError({ calibrations: [whole({ made_at: START })] })).toBeUndefined();
    expect(
      originError({ calibrations: [whole({ kind: 'ecal', ecal_serial: 'N4691 MY1' })] }),
    ).toBeUndefined();
  });

  it('names a step result at most once across the calibrations, and only one the run has', () => {
    const second = { key: 'cal-2', step_indices: [3, 1] };
    expect(originError({ calibrations: [whole(), second] })).toEqual({
      field: 'calibrations[1].step_indices',
      message: ORIGIN_MSG.stepTwice(1),
    });
    for (const [indices, message] of [
      [[4], ORIGIN_MSG.noSuchStep(4)],
      [[-1], ORIGIN_MSG.noSuchStep(-1)],
      [[1.5], ORIGIN_MSG.stepIndices],
      [['1'], ORIGIN_MSG.stepIndices],
      [[0, 1, 2, 3, 0], ORIGIN_MSG.stepIndices],
    ] as [unknown[], string][])
      expect(originError({ calibrations: [{ key: 'cal-2', step_indices: indices }] })).toEqual({
        field: 'calibrations[0].step_indices',
        message,
      });
  });

  it('refuses a calibration named twice and more than the limit', () => {
    expect(originError({ calibrations: [whole(), { key: 'cal-1', step_indices: [] }] })).toEqual({
      field: 'calibrations[1]',
      message: ORIGIN_MSG.twoCalibrations,
    });
    const many = Array.from({ length: ORIGIN_LIMITS.calibrations + 1 }, (_, i) => ({
      key: `k${i}`,
      step_indices: [],
    }));
    expect(originError({ calibrations: many })).toEqual({
      field: 'calibrations',
      message: ORIGIN_MSG.calibrations,
    });
  });
});

describe('instrumentCheckError', () => {
  it('checks the instruments by the rules of an upload', () => {
    expect(instrumentCheckError({ instruments: [ANALYZER, PIM] })).toBeUndefined();
    expect(instrumentCheckError({ instruments: [] })).toBeUndefined();
    expect(instrumentCheckError([])).toEqual({ field: '', message: 'Invalid value' });
    expect(instrumentCheckError({})).toEqual({ field: 'instruments', message: ORIGIN_MSG.instruments });
    expect(instrumentCheckError({ instruments: [], station: 'PC' })).toEqual({
      field: 'station',
      message: 'Unknown field',
    });
    expect(instrumentCheckError({ instruments: [{ ...PIM, serial: '' }] })).toEqual({
      field: 'instruments[0].serial',
      message: ORIGIN_MSG.text,
    });
  });
});

describe('calibrationState', () => {
  const at = (iso: string) => Date.parse(iso);

  it('counts the due day in time (due), and the day after it overdue', () => {
    expect(calibrationState('2025-06-30', at('2025-06-30T23:59:59Z'), 0)).toEqual({
      state: 'due',
      daysLeft: 0,
    });
    expect(calibrationState('2025-06-30', at('2025-07-01T00:00:00Z'), 0)).toEqual({
      state: 'overdue',
      daysLeft: -1,
    });
    expect(calibrationState('2025-06-30', at('2026-06-30T00:00:00Z'), 0)).toEqual({
      state: 'overdue',
      daysLeft: -365,
    });
  });

  it('is due within 30 days of the due date, valid before', () => {
    expect(calibrationState('2025-06-30', at('2025-05-31T12:00:00Z'), 0)).toEqual({
      state: 'due',
      daysLeft: 30,
    });
    expect(calibrationState('2025-06-30', at('2025-05-30T12:00:00Z'), 0)).toEqual({
      state: 'valid',
      daysLeft: 31,
    });
  });

  it("counts days in the zone it is given (the account's, or UTC)", () => {
    // 23:30 UTC on the due day is already the day after in UTC+2
    expect(calibrationState('2025-06-30', at('2025-06-30T23:30:00Z'), 2).state).toBe('overdue');
    expect(calibrationState('2025-06-30', at('2025-07-01T01:00:00Z'), -5).state).toBe('due');
  });

  it('is unknown without a certificate', () => {
    expect(calibrationState(null, at(START), 0)).toEqual({ state: 'unknown', daysLeft: null });
    expect(calibrationState('2025-02-30', at(START), 0)).toEqual({ state: 'unknown', daysLeft: null });
  });
});

describe('certificateError', () => {
  const fields = { number: 'C-1', laboratory: 'Keysight', calibrated_on: '2025-06-30', due_on: '2026-06-30' };
  const today = '2025-11-20';

  it('accepts a certificate due on or after its calibration, calibrated up to today', () => {
    expect(certificateError(fields, today)).toBeUndefined();
    expect(certificateError({ ...fields, calibrated_on: today, due_on: today }, today)).toBeUndefined();
  });

  it('names the bad field', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: '' }, 'number', ORIGIN_MSG.text],
      [{ laboratory: undefined }, 'laboratory', ORIGIN_MSG.text],
      [{ calibrated_on: '30/06/2025' }, 'calibrated_on', ORIGIN_MSG.day],
      [{ due_on: '2026-02-29' }, 'due_on', ORIGIN_MSG.day],
      [{ calibrated_on: '2025-11-21' }, 'calibrated_on', ORIGIN_MSG.calibratedInFuture],
      [{ due_on: '2025-06-29' }, 'due_on', ORIGIN_MSG.dueBeforeCalibrated],
    ];
    for (const [over, field, message] of cases)
      expect(certificateError({ ...fields, ...over }, today)).toEqual({ field, message });
  });
});

describe('isPdf', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('finds the PDF header within the first 1024 bytes, as readers do', () => {
    expect(isPdf(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
    expect(isPdf(bytes(`${' '.repeat(1000)}%PDF-1.4`))).toBe(true);
    expect(isPdf(bytes(`${' '.repeat(1020)}%PDF-1.4`))).toBe(false);
    expect(isPdf(bytes('\x89PNG\r\n'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});

describe('instrumentName', () => {
  it('names the vendor, model and serial number', () => {
    expect(instrumentName(ANALYZER)).toBe('Keysight Technologies E5071C, serial number MY46100001');
  });
});
