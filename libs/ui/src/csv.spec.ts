import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['Date', 'Count'], [['2026-11-20', 3]])).toBe('Date,Count\r\n2026-11-20,3\r\n');
  });

  it('quotes fields with commas, quotes or line breaks', () => {
    expect(toCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines']])).toBe(
      'a\r\n"x,y"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    expect(toCsv(['a'], [['=SUM(A1)'], ['-5 dB'], [-5]])).toBe("a\r\n'=SUM(A1)\r\n'-5 dB\r\n-5\r\n");
  });
});
