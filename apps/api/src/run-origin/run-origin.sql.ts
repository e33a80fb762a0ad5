import type { RunOriginReport } from '@sweepline/domain';

/**
 * What measured a run (issue 40, docs/traceability.md), as columns of a query over `run r`, for
 * GET /runs/:id/origin and the PDF (docs/api/pdf.md "Instruments and calibrations"): its station, runner version and overdue mark, and its instruments and
 * calibrations as JSON lists. The run keeps the ids it names (run.instrument_ids,
 * run.calibration_ids): each row is one probe of run_instrument's or run_calibration's primary key
 * (account, id, the run's start, the run; migration 1763858900000). Correlated per run, so one
 * statement reads any number of runs.
 */
export const RUN_ORIGIN_COLUMNS = `r.station, r.runner_version, r.measured_overdue,
  (SELECT coalesce(json_agg(json_build_object(
            'id', i.id, 'role', ri.role, 'vendor', i.vendor, 'model', i.model, 'serial', i.serial,
            'firmware', i.firmware, 'stateAtRun', ri.state_at_run, 'dueOn', ri.due_on)
          ORDER BY ri.role, i.vendor, i.model, i.serial), '[]')
     FROM run_instrument ri JOIN instrument i ON i.account_id = ri.account_id AND i.id = ri.instrument_id
    WHERE ri.account_id = r.account_id AND ri.instrument_id = ANY(r.instrument_ids)
      AND ri.start_time = r.start_time AND ri.run_id = r.id) AS origin_instruments,
  (SELECT coalesce(json_agg(json_build_object(
            'id', c.id, 'kind', c.kind, 'ecalSerial', c.ecal_serial, 'ports', c.ports,
            'startMHz', c.start_mhz, 'stopMHz', c.stop_mhz, 'madeAt', c.made_at, 'madeBy', c.made_by,
            'instrumentId', c.instrument_id,
            'ageSeconds', extract(epoch FROM r.start_time - c.made_at)::float8,
            'stepNos', coalesce((SELECT array_agg(s + 1 ORDER BY s) FROM unnest(rc.step_indices) s), '{}'))
          ORDER BY rc.step_indices[1] NULLS LAST, c.made_at, c.id), '[]')
     FROM run_calibration rc
     JOIN calibration_record c ON c.account_id = rc.account_id AND c.id = rc.calibration_id
    WHERE rc.account_id = r.account_id AND rc.calibration_id = ANY(r.calibration_ids)
      AND rc.start_time = r.start_time AND rc.run_id = r.id) AS origin_calibrations`;

/** The row RUN_ORIGIN_COLUMNS reads (json lists parsed by the driver). */
export interface RunOriginRow {
  station: string | null;
  runner_version: string | null;
  measured_overdue: boolean;
  origin_instruments: RunOriginReport['instruments'];
  /** madeAt as json_build_object writes a timestamptz: ISO 8601 in the session's zone. */
  origin_calibrations: RunOriginReport['calibrations'];
}

/** The wire shape of a run's origin; "not recorded" (recorded: false) when the run names nothing. */
export function runOriginOf(row: RunOriginRow): RunOriginReport {
  const instruments = row.origin_instruments;
  const calibrations = row.origin_calibrations.map((c) => ({
    ...c,
    madeAt: new Date(c.madeAt).toISOString(),
  }));
  return {
    recorded:
      row.station !== null ||
      row.runner_version !== null ||
      instruments.length > 0 ||
      calibrations.length > 0,
    station: row.station,
    runnerVersion: row.runner_version,
    measuredOverdue: row.measured_overdue,
    instruments,
    calibrations,
  };
}
