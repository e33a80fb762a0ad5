import { UsageError } from '../exit-codes';
import { parseCsv } from './csv';

/** One serial number as the file gives it, with its 1-based line for messages. */
export interface SourceLine {
  line: number;
  value: string;
  /** Why the row cannot be read as it stands, whatever its value (check-lines.ts refuses it). */
  unreadable?: string;
}

export interface SourceFormat {
  /** CSV: the header's name of the column holding the serial numbers. Absent: plain text. */
  column?: string;
  delimiter?: string;
}

/**
 * A row with more fields than the header: a delimiter inside a field without quotes, most likely,
 * which shifts the columns, so its value in the named column may be another column's.
 */
function extraFields(count: number, header: number, delimiter: string): string {
  return `${count} fields where the header has ${header} (a field holding '${delimiter}' must be in quotes)`;
}

/**
 * The serial numbers of a file, each trimmed as the Add dialog trims them. Plain text: one per
 * line (a last line break ends the file, it does not add an empty line). CSV: the named column of
 * every row after the header (an empty row is an empty line; a row with fewer fields than the
 * header has empty ones; a row with more is refused, docs/cli.md).
 */
export function readLines(text: string, format: SourceFormat): SourceLine[] {
  const body = text.replace(/^\uFEFF/, '').replace(/(\r\n|\n|\r)$/, '');
  if (body === '') return [];
  if (format.column === undefined) {
    return body.split(/\r\n|\n|\r/).map((value, i) => ({ line: i + 1, value: value.trim() }));
  }
  const delimiter = format.delimiter ?? ',';
  const [header, ...rows] = parseCsv(body, delimiter);
  const names = header?.fields.map((name) => name.trim()) ?? [];
  const wanted = format.column.trim().toLowerCase();
  const index = names.findIndex((name) => name.toLowerCase() === wanted);
  if (index < 0) {
    throw new UsageError(
      `The CSV header has no column '${format.column}': its columns are ${names.map((n) => `'${n}'`).join(', ')}.`,
    );
  }
  return rows.map((row) => ({
    line: row.line,
    value: (row.fields[index] ?? '').trim(),
    ...(row.fields.length > names.length
      ? { unreadable: extraFields(row.fields.length, names.length, delimiter) }
      : {}),
  }));
}
