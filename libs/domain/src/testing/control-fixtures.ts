import { changesOf, type ControlColumns } from '../analysis/control-series';

/** One point of a control chart as a test writes it: a row, where the wire carries columns. */
export interface ControlRow {
  runId: number;
  startMs: number;
  sn: string;
  value: number;
  lower: number | null;
  upper: number | null;
  version: number;
}

/** The rows as the columns run_step_value's read gives (ControlColumns). */
export function columnsOf(rows: readonly ControlRow[]): ControlColumns {
  return {
    runIds: rows.map((p) => p.runId),
    times: rows.map((p) => p.startMs),
    sns: rows.map((p) => p.sn),
    values: rows.map((p) => p.value),
    ...changesOf(
      rows.map((p) => p.lower),
      rows.map((p) => p.upper),
      rows.map((p) => p.version),
    ),
  };
}
