import { calibrationState, type RunOriginReport } from '@sweepline/domain';

/**
 * What measured a run (issue 40, docs/traceability.md), as columns of a query over `run r`, for
 * GET /runs/:id/origin and the PDF (docs/api/pdf.md "Instruments and calibrations"): its station,
 * runner version, overdue mark and start, and its instruments and calibrations as JSON lists, from
 * its origin set (run.origin_set_id, one probe of run_origin_set's key; migration 1763860300000).
 * The instruments' state at the run is derived from their due dates and the run's start
 * (runOriginOf). Correlated per run, so one statement reads any number of runs.
 */
export const RUN_ORIGIN_COLUMNS = `r.station, r.runner_version, r.measured_overdue,
  extract(epoch FROM r.start_time)::float8 * 1000 AS origin_start_ms,
  (SELECT coalesce(json_agg(json_build_object(
            'id', i.id, 'role', x.role, 'vendor', i.vendor, 'model', i.model, 'serial', i.serial,
            'firmware', i.firmware, 'dueOn', x.due_on)
          ORDER BY x.role, i.vendor, i.model, i.serial), '[]')
     FROM run_origin_set s
    CROSS JOIN LATERAL unnest(s.instrument_ids, s.instrument_roles, s.instrument_due_ons) AS x(id, role, due_on)
     JOIN instrument i ON i.account_id = s.account_id AND i.id = x.id
    WHERE s.account_id = r.account_id AND s.id = r.origin_set_id) AS origin_instruments,
  (SELECT coalesce(json_agg(json_build_object(
            'id', c.id, 'kind', c.kind, 'ecalSerial', c.ecal_serial, 'ports', c.ports,
            'startMHz', c.start_mhz, 'stopMHz', c.stop_mhz, 'madeAt', c.made_at, 'madeBy', c.made_by,
            'instrumentId', c.instrument_id,
            'ageSeconds', extract(epoch FROM r.start_time - c.made_at)::float8,
            'stepNos', (SELECT coalesce(array_agg(v.step::int + 1 ORDER BY v.step::int), '{}')
                          FROM jsonb_array_elements_text(x.steps) AS v(step)))
          ORDER BY (x.steps ->> 0)::int NULLS LAST, c.made_at, c.id), '[]')
     FROM run_origin_set s
    CROSS JOIN LATERAL unnest(s.calibration_ids) WITH ORDINALITY AS k(id, n)
    CROSS JOIN LATERAL (SELECT s.calibration_steps -> (k.n::int - 1) AS steps) x
     JOIN calibration_record c ON c.account_id = s.account_id AND c.id = k.id
    WHERE s.account_id = r.account_id AND s.id = r.origin_set_id) AS origin_calibrations`;

/** The row RUN_ORIGIN_COLUMNS reads (json lists parsed by the driver). */
export interface RunOriginRow {
  station: string | null;
  runner_version: string | null;
  measured_overdue: boolean;
  /** The run's start, in milliseconds since the epoch: the instruments' state at the run is judged on its UTC day. */
  origin_start_ms: number;
  origin_instruments: Omit<RunOriginReport['instruments'][number], 'stateAtRun'>[];
  /** madeAt as json_build_object writes a timestamptz: ISO 8601 in the session's zone. */
  origin_calibrations: RunOriginReport['calibrations'];
}

/** The wire shape of a run's origin; "not recorded" (recorded: false) when the run names nothing. */
export function runOriginOf(row: RunOriginRow): RunOriginReport {
  const instruments = row.origin_instruments.map((i) => ({
    ...i,
    stateAtRun: calibrationState(i.dueOn, row.origin_start_ms, 0).state,
  }));
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
