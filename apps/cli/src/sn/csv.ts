import { UsageError } from '../exit-codes';

/**
 * A quote that opens a field and is never closed takes the rest of the file into that field: the
 * file is refused, naming the quote (docs/cli.md, "sweepline sn import").
 */
function unclosedQuote(line: number, column: number): UsageError {
  return new UsageError(
    `Line ${line}, column ${column}: the quote (") that opens this field is never closed, so the rest of the file ` +
      'would be one field. Close the field with a quote, and write a quote inside a field as two ("").',
  );
}

/**
 * CSV as RFC 4180 writes it (and Excel saves it): fields split at the delimiter, a field in double
 * quotes may hold the delimiter, line breaks and doubled quotes (""); rows end at \r\n, \n or \r.
 * Returns each row's fields with the 1-based line the row starts on; a quoted field left open at
 * the end of the file is refused (UsageError).
 */
export function parseCsv(text: string, delimiter = ','): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let lineStart = 0;
  let quote = { line: 1, column: 1 };
  const endRow = () => {
    fields.push(field);
    rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
          line++;
          lineStart = i + 1;
        }
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quote = { line, column: i - lineStart + 1 };
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
      lineStart = i + 1;
    } else field += c;
  }
  if (quoted) throw unclosedQuote(quote.line, quote.column);
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}
