import { Conflict, ORIGIN_MSG, type RunUpload } from '@sweepline/domain';
import type { FoundOrigin } from './run-upload.repository';
import { ANALYZER, PIM, wholeCalibration } from './testing/origin-fixtures';
import { runOf } from './testing/runner-fixtures';
import { namesInstruments, storedOrigin } from './upload-origin';

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
