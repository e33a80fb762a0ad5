import {
  spcAlarmLine,
  type StationState,
  type StationView,
  type Verdict,
  type WesternElectricRule,
} from '@sweepline/domain';

/** An open SPC alarm of the station's test as the view's SQL reads it, with its latest violation. */
export interface StationAlarmRow {
  id: number | string;
  title: string;
  count: number;
  rules: WesternElectricRule[];
  above: boolean;
  /** The latest violation's unit. */
  sn: string;
}

/**
 * A station as its view's SQL reads it (stations.repository.ts). Times are Dates from a query,
 * ISO strings from a NOTIFY payload (row_to_json, JSON.stringify).
 */
export interface StationRow {
  name: string;
  state: StationState;
  product_id: number | null;
  product_name: string | null;
  seq_id: number | null;
  test_name: string | null;
  sn: string | null;
  step: number | null;
  steps: number | null;
  operator: string | null;
  state_since: Date | string;
  last_seen: Date | string;
  verdict_sn: string | null;
  verdict_result: Verdict | null;
  verdict_at: Date | string | null;
  /** Whether the counts are of the station's current day (its own zone). */
  is_today: boolean;
  units: number;
  passes: number;
  first_passes: number;
  /** Newest first, at most STATION_SPC_ALARMS (JSON, also inside a NOTIFY payload). */
  spc_alarms: StationAlarmRow[];
}

const iso = (time: Date | string) => new Date(time).toISOString();

export function stationViewOf(row: StationRow): StationView {
  const units = row.is_today ? row.units : 0;
  const passes = row.is_today ? row.passes : 0;
  return {
    station: row.name,
    state: row.state,
    productId: row.product_id,
    productName: row.product_name,
    seqId: row.seq_id,
    testName: row.test_name,
    sn: row.sn,
    step: row.step,
    steps: row.steps,
    operator: row.operator,
    stateSince: iso(row.state_since),
    lastSeen: iso(row.last_seen),
    lastVerdict:
      row.verdict_sn !== null && row.verdict_result !== null && row.verdict_at !== null
        ? { sn: row.verdict_sn, result: row.verdict_result, at: iso(row.verdict_at) }
        : null,
    today: {
      units,
      passes,
      fails: units - passes,
      firstPassYield: units === 0 ? null : (row.is_today ? row.first_passes : 0) / units,
    },
    spcAlarms: row.spc_alarms.map((a) => ({
      alarmId: Number(a.id),
      step: a.title,
      violationCount: a.count,
      line: spcAlarmLine(a.title, a.rules, a.above ? 'above' : 'below'),
      sn: a.sn,
    })),
  };
}
