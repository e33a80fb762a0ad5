import { formatDateTime, toCsv, verdictLabel } from '@sweepline/domain';
import type { ContainmentRunRow } from './containment.repository';

export const CONTAINMENT_CSV_HEADER = [
  'serial number',
  'product',
  'status now',
  'run start (UTC)',
  'run no',
  'test',
  'result',
  'station',
  'operator',
  'run id',
];

/** A unit's status now as a cell: its stage, or finished. */
function statusCell(row: ContainmentRunRow): string {
  if (row.finished) return 'finished';
  return row.stageNo === null ? '' : `stage ${row.stageNo}`;
}

/**
 * Containment's CSV (docs/api/instruments.md, "Containment"): one line per run, newest first, each
 * with its unit's status now; through the one CSV writer, which guards text cells against
 * formula injection (serial numbers, names and stations are users' text).
 */
export function containmentCsv(rows: readonly ContainmentRunRow[]): string {
  return toCsv(
    CONTAINMENT_CSV_HEADER,
    rows.map((row) => [
      row.sn,
      row.productName,
      statusCell(row),
      formatDateTime(Date.parse(row.startTime), 0),
      row.runNo,
      row.seqName,
      verdictLabel(row.result),
      row.station ?? '',
      row.operator,
      row.runId,
    ]),
  );
}
