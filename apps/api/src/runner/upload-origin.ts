import {
  calibrationState,
  Conflict,
  type InstrumentUse,
  instrumentName,
  isWholeCalibration,
  ORIGIN_MSG,
  type RunUpload,
} from '@sweepline/domain';
import type {
  FoundOrigin,
  KnownCalibration,
  KnownInstrument,
  OriginWrites,
  StoredRunOrigin,
  UploadState,
  WrittenInstrument,
} from './run-upload.repository';

/**
 * How far a known instrument's last use may lag behind the run naming it before the upload writes
 * its row again, as api_token.last_used_at does: the Instruments screen shows when it was last used
 * to the minute, and a row rewritten by every upload cost most of the origin's PostgreSQL time
 * (docs/performance/history/reports-and-ingest-issue-40.md).
 */
export const INSTRUMENT_LAST_USED_RESOLUTION_MS = 60_000;

/** Whether the upload names instruments or calibrations: only then is its origin read and stored. */
export function namesInstruments(dto: RunUpload): boolean {
  return (dto.instruments?.length ?? 0) > 0 || (dto.calibrations?.length ?? 0) > 0;
}

/**
 * Whether the run changes a known instrument's row as ORIGIN_WRITE sets it: a run no older than
 * its last use sets every value it has (firmware, resource, station) and moves the last use, here
 * only once the move passes the resolution; an older run (the offline queue) only fills what is
 * missing.
 */
function changesInstrument(
  known: KnownInstrument,
  use: InstrumentUse,
  station: string | null,
  startMs: number,
) {
  const values = [
    [use.firmware ?? null, known.firmware],
    [use.resource ?? null, known.resource],
    [station, known.last_station],
  ] as const;
  if (known.last_used_ms === null || startMs >= known.last_used_ms)
    return (
      known.last_used_ms === null ||
      startMs - known.last_used_ms >= INSTRUMENT_LAST_USED_RESOLUTION_MS ||
      values.some(([mine, kept]) => mine !== null && mine !== kept)
    );
  return values.some(([mine, kept]) => mine !== null && kept === null);
}

/**
 * What the upload must write of its origin, from what the account knows of it (STATE): the
 * instruments it does not know or whose row the run changes, and the whole calibrations whose key
 * it does not know. Nothing, in steady operation: no statement is sent.
 */
export function originWrites(
  dto: RunUpload,
  state: Pick<UploadState, 'instruments' | 'calibrations'>,
): OriginWrites {
  const startMs = Date.parse(dto.start_time);
  const station = dto.station ?? null;
  const instruments = (dto.instruments ?? []).flatMap((use, idx) => {
    const known = state.instruments.find((i) => i.idx === idx);
    return !known || changesInstrument(known, use, station, startMs) ? [idx] : [];
  });
  const calibrations = (dto.calibrations ?? []).filter(
    (c) => isWholeCalibration(c) && !state.calibrations.some((k) => k.key === c.key),
  );
  return { instruments, calibrations };
}

/** The upload's origin as the account knows it: what STATE read, with what ORIGIN_WRITE wrote. */
export function foundOrigin(
  state: Pick<UploadState, 'allow_overdue' | 'instruments' | 'calibrations'>,
  written: { instruments: WrittenInstrument[]; calibrations: KnownCalibration[] } | undefined,
): FoundOrigin {
  const instruments = state.instruments.filter((k) => !written?.instruments.some((w) => w.idx === k.idx));
  return {
    allow_overdue: state.allow_overdue ?? false,
    instruments: [...instruments, ...(written?.instruments ?? [])],
    calibrations: [...state.calibrations, ...(written?.calibrations ?? [])],
  };
}

/**
 * The run's origin as stored (docs/traceability.md, "Recording at upload"), from what the upload
 * names and what the account knows of it (`found`; undefined when it names no instrument nor
 * calibration). Refused (409), naming the field: an instrument overdue on the run's start day
 * (UTC) unless the account allows it, then the run is marked; a key the account does not know
 * (the runner then sends it whole); a key known from another instrument.
 */
export function storedOrigin(dto: RunUpload, found: FoundOrigin | undefined): StoredRunOrigin {
  const startMs = Date.parse(dto.start_time);
  const instruments = (dto.instruments ?? []).map((use, idx) => {
    const { id, due_on: dueOn } = found!.instruments.find((i) => i.idx === idx)!;
    return { id, role: use.role, dueOn, state: calibrationState(dueOn, startMs, 0).state };
  });
  const overdue = instruments.findIndex((i) => i.state === 'overdue');
  if (overdue >= 0 && !found!.allow_overdue) {
    const message = ORIGIN_MSG.overdue(
      instrumentName(dto.instruments![overdue]!),
      instruments[overdue]!.dueOn!,
    );
    throw new Conflict(`instruments[${overdue}]: ${message}`);
  }
  const calibrations = (dto.calibrations ?? []).map((use, n) => {
    const known = found!.calibrations.find((c) => c.key === use.key);
    if (!known) throw new Conflict(`calibrations[${n}].key: ${ORIGIN_MSG.unknownCalibration(use.key)}`);
    if (isWholeCalibration(use) && known.instrument_id !== instruments[use.instrument!]!.id)
      throw new Conflict(`calibrations[${n}].key: ${ORIGIN_MSG.calibrationElsewhere(use.key)}`);
    return { id: known.id, stepIndices: use.step_indices };
  });
  return {
    station: dto.station ?? null,
    runnerVersion: dto.runner_version ?? null,
    measuredOverdue: overdue >= 0,
    instruments,
    calibrations,
  };
}
