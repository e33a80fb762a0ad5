import {
  calibrationState,
  Conflict,
  instrumentName,
  isWholeCalibration,
  ORIGIN_MSG,
  type RunUpload,
} from '@sweepline/domain';
import type { FoundOrigin, StoredRunOrigin } from './run-upload.repository';

/** Whether the upload names instruments or calibrations: only then is RunUploadRepository.origin sent. */
export function namesInstruments(dto: RunUpload): boolean {
  return (dto.instruments?.length ?? 0) > 0 || (dto.calibrations?.length ?? 0) > 0;
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
