import { Verdict } from '../results/verdict';
import {
  compareStationNames,
  formatTimeInState,
  isStationOffline,
  STATION_LIMITS,
  STATION_MSG,
  STATION_OFFLINE_MS,
  stationOperator,
  stationReportError,
} from './stations';

const report = {
  station: 'LAB-PC-3',
  state: 'testing',
  productId: 4,
  seqId: 9,
  sn: 'A-1',
  step: 2,
  steps: 5,
  zoneOffset: 1,
};

describe('stationReportError', () => {
  it('accepts a full report and a bare one', () => {
    expect(stationReportError(report)).toBeUndefined();
    expect(stationReportError({ station: 'bench 1', state: 'idle', zoneOffset: -3.5 })).toBeUndefined();
    expect(
      stationReportError({
        ...report,
        state: 'result',
        operator: 'Ann',
        lastVerdict: { sn: 'A-1', result: Verdict.Passed, at: '2026-11-26T10:00:00.123Z' },
      }),
    ).toBeUndefined();
  });

  it('refuses a step beyond the steps, and a step without them', () => {
    expect(stationReportError({ ...report, step: 6 })).toEqual({
      field: 'step',
      message: "Step 6 is beyond the test's 5 steps",
    });
    const { steps: _steps, ...withoutSteps } = report;
    expect(stationReportError(withoutSteps)).toEqual({
      field: 'step',
      message: STATION_MSG.stepWithoutSteps,
    });
    expect(stationReportError({ ...report, step: -1 })?.field).toBe('step');
    expect(stationReportError({ ...report, steps: 501 })?.field).toBe('steps');
  });

  it('refuses an oversized, empty, padded or multi-line name', () => {
    for (const station of ['x'.repeat(STATION_LIMITS.nameLength + 1), '', ' PC', 'a\nb', 7])
      expect(stationReportError({ ...report, station })).toEqual({
        field: 'station',
        message: STATION_MSG.name,
      });
    expect(stationReportError({ ...report, station: 'x'.repeat(STATION_LIMITS.nameLength) })).toBeUndefined();
    expect(stationReportError({ ...report, operator: 'o'.repeat(101) })?.field).toBe('operator');
  });

  it('refuses unknown states, fields, bad ids, serial numbers, zones and verdicts', () => {
    expect(stationReportError(null)?.message).toBe(STATION_MSG.notAReport);
    expect(stationReportError({ ...report, state: 'sleeping' })?.field).toBe('state');
    expect(stationReportError({ ...report, extra: 1 })).toEqual({ field: 'extra', message: 'Unknown field' });
    expect(stationReportError({ ...report, productId: 0 })?.field).toBe('productId');
    expect(stationReportError({ ...report, productId: undefined })?.message).toBe(
      STATION_MSG.testWithoutProduct,
    );
    expect(stationReportError({ ...report, sn: 'a b' })?.field).toBe('sn');
    expect(stationReportError({ ...report, zoneOffset: 5.1 })?.field).toBe('zoneOffset');
    for (const lastVerdict of [
      { sn: 'A', result: 2, at: '2026-11-26T10:00:00Z' },
      { sn: 'A', result: 1, at: 'today' },
      'PASS',
    ])
      expect(stationReportError({ ...report, lastVerdict })?.field).toBe('lastVerdict');
  });
});

describe("a report's queued verdicts (units uploaded late from the runner's queue)", () => {
  const verdict = { sn: 'NEW-003', result: Verdict.Failed, at: '2026-11-26T10:04:12.310Z' };

  it('accepts up to the limit of well-formed verdicts', () => {
    expect(stationReportError({ ...report, queuedVerdicts: [] })).toBeUndefined();
    const full = Array.from({ length: STATION_LIMITS.queuedVerdicts }, () => verdict);
    expect(stationReportError({ ...report, queuedVerdicts: full })).toBeUndefined();
  });

  it('refuses too many, a bad one, or not a list', () => {
    const refused = { field: 'queuedVerdicts', message: STATION_MSG.queuedVerdicts };
    const tooMany = Array.from({ length: STATION_LIMITS.queuedVerdicts + 1 }, () => verdict);
    expect(stationReportError({ ...report, queuedVerdicts: tooMany })).toEqual(refused);
    expect(stationReportError({ ...report, queuedVerdicts: [{ ...verdict, at: 'today' }] })).toEqual(refused);
    expect(stationReportError({ ...report, queuedVerdicts: verdict })).toEqual(refused);
  });
});

describe('stationOperator: the service prefers who signed in over what the runner claims', () => {
  it("a session shows the member's name, not the computer's user", () => {
    expect(stationOperator({ name: 'Olive Operator', byToken: false }, 'root')).toBe('Olive Operator');
    expect(stationOperator({ name: 'Olive Operator', byToken: false })).toBe('Olive Operator');
  });

  it("an API token shows the operator the runner names, else the token's name", () => {
    expect(stationOperator({ name: 'token Line 3 PC', byToken: true }, 'Olga')).toBe('Olga');
    expect(stationOperator({ name: 'token Line 3 PC', byToken: true })).toBe('token Line 3 PC');
  });

  it('keeps to the length of an operator name', () => {
    const long = `token ${'L'.repeat(STATION_LIMITS.operatorLength)}`;
    expect(stationOperator({ name: long, byToken: true })).toHaveLength(STATION_LIMITS.operatorLength);
  });
});

describe('isStationOffline', () => {
  it('turns offline after a minute of silence', () => {
    expect(isStationOffline(0, STATION_OFFLINE_MS - 1)).toBe(false);
    expect(isStationOffline(0, STATION_OFFLINE_MS)).toBe(true);
  });
});

describe('compareStationNames', () => {
  it('orders by name regardless of case', () => {
    expect(['b', 'A', 'a', 'C'].sort(compareStationNames)).toEqual(['A', 'a', 'b', 'C']);
  });
});

describe('formatTimeInState', () => {
  it('says seconds, minutes, hours or days', () => {
    expect([-5, 45_900, 185_000, 7_440_000, 266_400_000].map(formatTimeInState)).toEqual([
      '0 s',
      '45 s',
      '3 min 05 s',
      '2 h 04 min',
      '3 d 2 h',
    ]);
  });
});
