import { calibrationState, instrumentName, ORIGIN_MSG } from '@sweepline/domain';

/** An instrument a station used last, whose certificate in force today is due soon or past due. */
export interface DueInstrumentRow {
  station: string;
  /** Hours from UTC of the station's lab PC: its "today". */
  zone_offset: number;
  vendor: string;
  model: string;
  serial: string;
  /** 'YYYY-MM-DD'. */
  due_on: string;
}

/** A warning line of a station's card: "… is overdue for calibration since 2026-11-19." */
export const overdueSince = (name: string, dueOn: string) =>
  `${name} is overdue for calibration since ${dueOn}.`;

/**
 * The board's warnings by station name (docs/api/stations.md, "Instrument warnings"): each
 * instrument due within CALIBRATION_DUE_DAYS or overdue on the station's own day, in the order
 * of the rows (soonest due first).
 */
export function instrumentWarningsOf(
  rows: readonly DueInstrumentRow[],
  nowMs: number,
): Map<string, string[]> {
  const byStation = new Map<string, string[]>();
  for (const row of rows) {
    const { state, daysLeft } = calibrationState(row.due_on, nowMs, Number(row.zone_offset));
    const name = instrumentName(row);
    const line =
      state === 'overdue'
        ? overdueSince(name, row.due_on)
        : state === 'due'
          ? ORIGIN_MSG.dueSoon(name, row.due_on, daysLeft!)
          : undefined;
    if (line === undefined) continue;
    byStation.set(row.station, [...(byStation.get(row.station) ?? []), line]);
  }
  return byStation;
}
