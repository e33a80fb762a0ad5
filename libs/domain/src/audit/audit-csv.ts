import type { AuditRow } from '../api/audit';
import { canonicalJson } from '../releases/release-rules';
import { toCsv } from '../tables/csv';
import { formatDateTime } from '../time/days';

/** A row as History's CSV writes it: with its product's and test's names, when it has them. */
export type AuditCsvRow = AuditRow & { productName: string | null; seqName: string | null };

export const AUDIT_CSV_HEADER = [
  'time',
  'user',
  'thing',
  'id',
  'product',
  'test',
  'action',
  'field',
  'from',
  'to',
];

/** A changed value as a cell: text as it is, nothing for null, anything else as canonical JSON. */
function valueCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : canonicalJson(value);
}

/**
 * History's CSV (docs/audit.md): one line per changed field, the row's own columns repeated on
 * each; a row without changed fields (a deletion) is one line with the last three empty. Times
 * are local to `zoneOffsetHours`, as History shows them.
 */
export function auditCsv(rows: readonly AuditCsvRow[], zoneOffsetHours: number): string {
  const lines = rows.flatMap((row) => {
    const own = [
      formatDateTime(Date.parse(row.at), zoneOffsetHours),
      row.userName,
      row.thing,
      row.thingId,
      row.productName ?? '',
      row.seqName ?? '',
      row.action,
    ];
    if (row.changes.length === 0) return [[...own, '', '', '']];
    return row.changes.map((c) => [...own, c.field, valueCell(c.from), valueCell(c.to)]);
  });
  return toCsv(AUDIT_CSV_HEADER, lines);
}
