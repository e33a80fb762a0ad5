import type { RunOriginReport } from '@sweepline/domain';

/**
 * What measured a run (issue 40, docs/traceability.md), as columns of a query over `run r`, for
 * GET /runs/:id/origin and the PDF (docs/api/pdf.md "Instruments and calibrations"): its station, runner version and overdue mark, and its instruments and
 * calibrations as JSON lists read through run_instrument's and run_calibration's primary keys
 * (run_id first). Correlated per run, so one statement reads any number of runs.
 */
export const RUN_ORIGIN_COLUMNS = `r.station, r.runner_version, r.measured_overdue,
  (SELECT coalesce(json_agg(json_build_object(
            'id', i.id, 'role', ri.role, 'vendor', i.vendor, 'model', i.model, 'serial', i.serial,
            'firmware', i.firmware, 'stateAtRun', ri.state_at_run, 'dueOn', ri.due_on)
          ORDER BY ri.role, i.vendor, i.model, i.serial), '[]')
     FROM run_instrument ri JOIN instrument i ON i.account_id = ri.account_id AND i.id = ri.instrument_id
    WHERE ri.run_id = r.id AND ri.account_id = r.account_id) AS origin_instruments,
  (SELECT coalesce(json_agg(json_build_object(
            'id', c.id, 'kind', c.kind, 'ecalSerial', c.ecal_serial, 'ports', c.ports,
            'startMHz', c.start_mhz, 'stopMHz', c.stop_mhz, 'madeAt', c.made_at, 'madeBy', c.made_by,
            'instrumentId', c.instrument_id,
            'ageSeconds', extract(epoch FROM r.start_time - c.made_at)::float8,
            'stepNos', coalesce((SELECT array_agg(s + 1 ORDER BY s) FROM unnest(rc.step_indices) s), '{}'))
          ORDER BY rc.step_indices[1] NULLS LAST, c.made_at, c.id), '[]')
     FROM run_calibration rc
     JOIN calibration_record c ON c.account_id = rc.account_id AND c.id = rc.calibration_id
    WHERE rc.run_id = r.id AND rc.account_id = r.account_id) AS origin_calibrations`;

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
