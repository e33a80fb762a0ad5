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
