import { Conflict, ORIGIN_MSG, type RunUpload } from '@sweepline/domain';
import type { FoundOrigin, KnownInstrument } from './run-upload.repository';
import { ANALYZER, PIM, wholeCalibration } from './testing/origin-fixtures';
import { runOf } from './testing/runner-fixtures';
import {
  foundOrigin,
  INSTRUMENT_LAST_USED_RESOLUTION_MS,
  namesInstruments,
  originWrites,
  storedOrigin,
} from './upload-origin';

const TEST = { id: 1, version: 1 };
/** A run started late on 2025-06-30 (UTC), measured with the analyzer and the PIM analyzer. */
const run = (over: Partial<RunUpload> = {}) =>
  runOf(TEST, 'A1', {
    start_time: '2025-06-30T23:30:00+00:00',
    end_time: '2025-07-01T00:10:00+00:00',
    instruments: [PIM, ANALYZER],
    ...over,
  });
/** The account knows the PIM analyzer without a certificate, the analyzer due on `dueOn`. */
const found = (dueOn: string, over: Partial<FoundOrigin> = {}): FoundOrigin => ({
  allow_overdue: false,
  instruments: [
    { idx: 1, id: 20, due_on: dueOn },
    { idx: 0, id: 10, due_on: null },
  ],
  calibrations: [{ key: 'cal-1', id: 7, instrument_id: 20 }],
  ...over,
});

function refusal(work: () => unknown): Error {
  try {
    work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

describe('storedOrigin', () => {
  it('stores a run that says nothing of what measured it as before', () => {
    const plain = runOf(TEST, 'A1');
    expect(namesInstruments(plain)).toBe(false);
    expect(storedOrigin(plain, undefined)).toEqual({
      station: null,
      runnerVersion: null,
      measuredOverdue: false,
      instruments: [],
      calibrations: [],
    });
    // a station alone needs no look-up
    expect(namesInstruments(runOf(TEST, 'A1', { station: 'PC-1' }))).toBe(false);
  });

  it("judges each instrument on the run's start day in UTC, in the upload's order", () => {
    const upload = run({
      station: 'PC-1',
      runner_version: '0.9.0',
      calibrations: [{ key: 'cal-1', step_indices: [1, 2] }],
    });
    expect(namesInstruments(upload)).toBe(true);
    expect(storedOrigin(upload, found('2025-06-30'))).toEqual({
      station: 'PC-1',
      runnerVersion: '0.9.0',
      measuredOverdue: false,
      instruments: [
        { id: 10, role: 'pim_analyzer', state: 'unknown', dueOn: null },
        { id: 20, role: 'network_analyzer', state: 'due', dueOn: '2025-06-30' },
      ],
      calibrations: [{ id: 7, stepIndices: [1, 2] }],
    });
  });

  it('refuses an instrument overdue at the start, naming it, unless the account allows it', () => {
    const error = refusal(() => storedOrigin(run(), found('2025-06-29')));
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(
      `instruments[1]: ${ORIGIN_MSG.overdue('Keysight Technologies E5071C, serial number MY46100001', '2025-06-29')}`,
    );
    expect(storedOrigin(run(), found('2025-06-29', { allow_overdue: true }))).toMatchObject({
      measuredOverdue: true,
      instruments: [{ state: 'unknown' }, { state: 'overdue', dueOn: '2025-06-29' }],
    });
  });

  it('refuses a key the account does not know, and a known one sent whole from another analyzer', () => {
    const unknown = run({
      calibrations: [
        { key: 'cal-1', step_indices: [] },
        { key: 'cal-9', step_indices: [] },
      ],
    });
    expect(refusal(() => storedOrigin(unknown, found('2026-01-01'))).message).toBe(
      `calibrations[1].key: ${ORIGIN_MSG.unknownCalibration('cal-9')}`,
    );
    const elsewhere = run({
      instruments: [ANALYZER, { ...ANALYZER, serial: 'OTHER' }],
      calibrations: [wholeCalibration('cal-1', [1], { instrument: 1 })],
    });
    const known = found('2026-01-01', {
      instruments: [
        { idx: 0, id: 20, due_on: null },
        { idx: 1, id: 21, due_on: null },
      ],
    });
    expect(refusal(() => storedOrigin(elsewhere, known)).message).toBe(
      `calibrations[0].key: ${ORIGIN_MSG.calibrationElsewhere('cal-1')}`,
    );
    // the same calibration sent whole from its own analyzer is the record already kept
    const again = run({ instruments: [ANALYZER], calibrations: [wholeCalibration('cal-1', [1])] });
    expect(storedOrigin(again, known).calibrations).toEqual([{ id: 7, stepIndices: [1] }]);
  });
});

describe('originWrites', () => {
  const start = Date.parse('2025-06-30T23:30:00+00:00');
  /** The analyzer (index 1 of run()) as the account knows it: last used `ago` ms before the run, on PC-1. */
  const analyzer = (ago: number, over: Partial<KnownInstrument> = {}): KnownInstrument => ({
    idx: 1,
    id: 20,
    due_on: null,
    firmware: ANALYZER.firmware!,
    resource: ANALYZER.resource!,
    last_station: 'PC-1',
    last_used_ms: start - ago,
    ...over,
  });
  const pim: KnownInstrument = {
    idx: 0,
    id: 10,
    due_on: null,
    firmware: null,
    resource: null,
    last_station: 'PC-1',
    last_used_ms: start,
  };
  const writes = (known: KnownInstrument[], over: Partial<RunUpload> = {}) =>
    originWrites(run({ station: 'PC-1', ...over }), { instruments: known, calibrations: [] }).instruments;

  it('writes nothing for known instruments used again within the resolution, unchanged', () => {
    expect(writes([pim, analyzer(INSTRUMENT_LAST_USED_RESOLUTION_MS - 1)])).toEqual([]);
    // a run without firmware or station keeps what is kept
    expect(
      writes([pim, analyzer(0)], {
        station: undefined,
        instruments: [PIM, { ...ANALYZER, firmware: undefined }],
      }),
    ).toEqual([]);
  });

  it('writes an unknown instrument, one whose use moves past the resolution, and a changed one', () => {
    expect(writes([pim])).toEqual([1]);
    expect(writes([pim, analyzer(INSTRUMENT_LAST_USED_RESOLUTION_MS)])).toEqual([1]);
    expect(writes([pim, analyzer(0, { last_used_ms: null })])).toEqual([1]);
    expect(writes([pim, analyzer(0)], { station: 'PC-2' })).toEqual([0, 1]);
    expect(writes([pim, analyzer(0, { firmware: 'A.01' })])).toEqual([1]);
    expect(writes([pim, analyzer(0, { resource: null })])).toEqual([1]);
  });

  it('writes, for a run older than the last use, only what fills a missing value', () => {
    const later = -10 * INSTRUMENT_LAST_USED_RESOLUTION_MS;
    const pimLater = { ...pim, last_used_ms: start - later };
    expect(writes([pimLater, analyzer(later, { firmware: 'B.99' })], { station: 'OLD-PC' })).toEqual([]);
    expect(writes([pim, analyzer(later, { firmware: null })])).toEqual([1]);
  });

  it('records only the whole calibrations whose key the account does not know', () => {
    const upload = run({
      calibrations: [
        wholeCalibration('cal-1', [1]),
        wholeCalibration('cal-2', [2]),
        { key: 'cal-3', step_indices: [3] },
      ],
    });
    const state = {
      instruments: [pim, analyzer(0)],
      calibrations: [{ key: 'cal-1', id: 7, instrument_id: 20 }],
    };
    expect(originWrites(upload, state).calibrations.map((c) => c.key)).toEqual(['cal-2']);
  });
});

describe('foundOrigin', () => {
  it("takes what the write answered over what STATE read, and the account's setting", () => {
    const state = {
      allow_overdue: true,
      instruments: [
        { idx: 0, id: 10, due_on: null, firmware: null, resource: null, last_station: null, last_used_ms: 0 },
      ],
      calibrations: [{ key: 'cal-1', id: 7, instrument_id: 10 }],
    };
    expect(
      foundOrigin(state, {
        instruments: [{ idx: 1, id: 20, due_on: '2026-01-01' }],
        calibrations: [{ key: 'cal-2', id: 8, instrument_id: 20 }],
      }),
    ).toEqual({
      allow_overdue: true,
      instruments: [state.instruments[0], { idx: 1, id: 20, due_on: '2026-01-01' }],
      calibrations: [state.calibrations[0], { key: 'cal-2', id: 8, instrument_id: 20 }],
    });
    // names calibrations only: no setting read
    expect(foundOrigin({ allow_overdue: null, instruments: [], calibrations: [] }, undefined)).toEqual({
      allow_overdue: false,
      instruments: [],
      calibrations: [],
    });
  });
});
