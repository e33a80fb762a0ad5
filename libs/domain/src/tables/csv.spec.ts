import { csvSafeText, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['Date', 'Count'], [['2026-11-20', 3]])).toBe('Date,Count\r\n2026-11-20,3\r\n');
  });

  it('quotes fields with commas, quotes or line breaks', () => {
    expect(toCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines']])).toBe(
      'a\r\n"x,y"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('keeps a spreadsheet from running a text as a formula, the header too', () => {
    expect(toCsv(['=1+1'], [['=SUM(A1)'], ['-5 dB'], [-5]])).toBe("'=1+1\r\n'=SUM(A1)\r\n'-5 dB\r\n-5\r\n");
  });

  it('guards a leading tab and carriage return as OWASP lists them (quoted when they break a line)', () => {
    expect(toCsv(['a'], [['\t=1+1'], ['\r=1+1']])).toBe(`a\r\n'\t=1+1\r\n"'\r=1+1"\r\n`);
  });
});

describe('csvSafeText', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd', '\ncmd'])(
    'prefixes %j with a quote',
    (text) => {
      expect(csvSafeText(text)).toBe(`'${text}`);
    },
  );

  it.each(['F-200', 'a=b', ' =1', '', "'=1", '1e3'])('keeps %j as it is', (text) => {
    expect(csvSafeText(text)).toBe(text);
  });
});
