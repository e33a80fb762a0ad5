import { UsageError } from '../exit-codes';
import { checkLines } from './check-lines';
import { parseCsv } from './csv';
import { readLines } from './read-lines';

describe('reading serial numbers from a file', () => {
  it('reads text lines trimmed, a last line break adding no empty line', () => {
    expect(readLines('\uFEFFA-1\r\n B-2 \n\nC-3\n', {})).toEqual([
      { line: 1, value: 'A-1' },
      { line: 2, value: 'B-2' },
      { line: 3, value: '' },
      { line: 4, value: 'C-3' },
    ]);
    expect(readLines('', {})).toEqual([]);
  });

  it('parses CSV with quotes, doubled quotes, delimiters and line breaks inside fields', () => {
    expect(parseCsv('a,"b,1","say ""hi"""\r\n"x\ny",2,\n')).toEqual([
      { line: 1, fields: ['a', 'b,1', 'say "hi"'] },
      { line: 2, fields: ['x\ny', '2', ''] },
    ]);
    expect(parseCsv('a;b\n1;2', ';')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('refuses a quote that opens a field and is never closed, naming its line and column', () => {
    // without the check the field would run to the end of the file: one value of three lines
    const message =
      'the quote (") that opens this field is never closed, so the rest of the file would be one field.';
    expect(() => parseCsv('SN,Note\nS-1,ok\nS-2,"6-pole filter\nS-3,ok\n')).toThrow(
      `Line 3, column 5: ${message}`,
    );
    expect(() => parseCsv('SN,Note\nS-1,ok\nS-2,"6-pole filter\nS-3,ok\n')).toThrow(UsageError);
    // lines counted through a closed field's line breaks (\r\n, \n and \r), the column within its line
    expect(() => parseCsv('SN,Note\r\n"S-1","two\r\nlines\rthree"\r\nS-2,x\r\nS-3,"x\r\n')).toThrow(
      `Line 6, column 5: ${message}`,
    );
    expect(() => readLines('SN\n"S-1\nS-2\n', { column: 'SN' })).toThrow(`Line 2, column 1: ${message}`);
  });

  it('closes a field at its quote even when the quote ends the file', () => {
    expect(parseCsv('SN\n"S-1"')).toEqual([
      { line: 1, fields: ['SN'] },
      { line: 2, fields: ['S-1'] },
    ]);
  });

  it('refuses a row with more fields than the header, with its line; fewer fields are empty ones', () => {
    const lines = readLines('SN,Note\nS-1,ok\nS-2,6,5 MHz\nS-3\n"S-4","a, b"\n', { column: 'sn' });
    expect(checkLines(lines)).toEqual({
      valid: ['S-1', 'S-3', 'S-4'],
      refused: [
        {
          line: 3,
          value: 'S-2',
          reason: "3 fields where the header has 2 (a field holding ',' must be in quotes)",
        },
      ],
    });
    expect(checkLines(readLines('SN;Note\nS-1;a;b\n', { column: 'SN', delimiter: ';' })).refused).toEqual([
      {
        line: 2,
        value: 'S-1',
        reason: "3 fields where the header has 2 (a field holding ';' must be in quotes)",
      },
    ]);
  });

  it('takes a CSV column by its header name without case, keeping the lines of the rows', () => {
    expect(readLines('Line,"Serial Number"\n1,S-1\n2,"S-2"\n', { column: 'serial number' })).toEqual([
      { line: 2, value: 'S-1' },
      { line: 3, value: 'S-2' },
    ]);
    expect(() => readLines('a,b\n1,2', { column: 'SN' })).toThrow(
      "The CSV header has no column 'SN': its columns are 'a', 'b'.",
    );
  });

  it('refuses lines by the domain rules, keeping the first of repeats', () => {
    const { valid, refused } = checkLines(readLines('A-1\n\nA-1\nbad sn\nB-2', {}));
    expect(valid).toEqual(['A-1', 'B-2']);
    expect(refused).toEqual([
      { line: 2, value: '', reason: 'Remove empty lines' },
      { line: 3, value: 'A-1', reason: 'A-1 duplicated (first on line 1)' },
      { line: 4, value: 'bad sn', reason: 'Invalid character' },
    ]);
  });
});
