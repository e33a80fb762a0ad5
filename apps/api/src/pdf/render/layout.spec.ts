import { PDFDocument, StandardFonts } from 'pdf-lib';
import { decimate, niceAxis, tickLabel } from './axes';
import {
  attachmentDisposition,
  fitText,
  formatZoneOffset,
  reportFileName,
  winAnsiText,
  wrapText,
} from './layout';

/** A monospace measure: 1 point per character. */
const mono = (text: string) => text.length;

describe('winAnsiText', () => {
  it('keeps what WinAnsi holds and replaces the rest', () => {
    expect(winAnsiText('Gain Max - S21 (800 - 900 MHz)')).toBe('Gain Max - S21 (800 - 900 MHz)');
    expect(winAnsiText('Müller ±0.5 °C µs €')).toBe('Müller ±0.5 °C µs €');
    expect(winAnsiText('Őrség Łódź')).toBe('Orség ?ódz');
    expect(winAnsiText('Фильтр 测试 😀')).toBe('?????? ?? ?');
    expect(winAnsiText('50 Ω, 3 μs, −1 dB ≤ 2')).toBe('50 Ohm, 3 µs, -1 dB <= 2');
    expect(winAnsiText('a\tb\nc')).toBe('a b c');
  });

  it('never gives the standard font a character it cannot encode', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    let all = '';
    for (let code = 0; code < 0x3000; code++) all += String.fromCodePoint(code);
    all += '😀𝄞';
    expect(() => font.encodeText(winAnsiText(all))).not.toThrow();
  });
});

describe('fitText and wrapText', () => {
  it('cuts a text that does not fit with an ellipsis', () => {
    expect(fitText('short', 10, mono)).toBe('short');
    expect(fitText('a rather long text', 10, mono)).toBe('a rather…');
    expect(fitText('abcdef', 1, mono)).toBe('…');
    expect(fitText('abcdef', 0.5, mono)).toBe('');
  });

  it('wraps at spaces, breaks long words, and ends with an ellipsis past the last line', () => {
    expect(wrapText('one two three four', 9, mono, 3)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghijkl', 5, mono, 3)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapText('one two three four five six', 9, mono, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapText('  ', 9, mono, 2)).toEqual(['']);
    expect(wrapText('a  b', 9, mono, 2)).toEqual(['a b']);
  });
});

describe('numbers', () => {
  it('writes zone offsets as UTC±hh:mm', () => {
    expect(formatZoneOffset(5.5)).toBe('UTC+05:30');
    expect(formatZoneOffset(0)).toBe('UTC+00:00');
    expect(formatZoneOffset(-3.5)).toBe('UTC-03:30');
    expect(formatZoneOffset(12.75)).toBe('UTC+12:45');
    expect(formatZoneOffset(-12)).toBe('UTC-12:00');
  });
});

describe('file names', () => {
  it('names the file serial number plus test name, without path characters', () => {
    expect(reportFileName('A-1', 'Pass band')).toBe('A-1 Pass band.pdf');
    expect(reportFileName('A-1', 'old/name:1')).toBe('A-1 old_name_1.pdf');
  });

  it('sends an ASCII stand-in and the UTF-8 name', () => {
    expect(attachmentDisposition('A-1 Pass band.pdf')).toBe(
      `attachment; filename="A-1 Pass band.pdf"; filename*=UTF-8''A-1%20Pass%20band.pdf`,
    );
    expect(attachmentDisposition("A-1 Фильтр (2)'s.pdf")).toBe(
      `attachment; filename="A-1 ______ (2)'s.pdf"; filename*=UTF-8''A-1%20%D0%A4%D0%B8%D0%BB%D1%8C%D1%82%D1%80%20%282%29%27s.pdf`,
    );
    expect(attachmentDisposition('100% "x".pdf')).toContain('filename="100_ _x_.pdf"');
  });
});

describe('axes', () => {
  it('puts ticks at round values; the value axis snaps outward to whole ticks', () => {
    expect(niceAxis(-2.93, 1.5, 6, true)).toEqual({
      min: -3,
      max: 2,
      ticks: [-3, -2, -1, 0, 1, 2],
      decimals: 0,
    });
    const f = niceAxis(700, 900, 8, false);
    expect(f).toMatchObject({ min: 700, max: 900, decimals: 0 });
    expect(f.ticks).toEqual([700, 750, 800, 850, 900]);
    expect(niceAxis(0.1, 0.35, 5, true)).toEqual({
      min: 0.1,
      max: 0.35,
      ticks: [0.1, 0.15, 0.2, 0.25, 0.3, 0.35],
      decimals: 2,
    });
    expect(niceAxis(1.01, 1.37, 4, false).ticks).toEqual([1.1, 1.2, 1.3]);
  });

  it('widens a flat range and survives reversed or infinite ends', () => {
    expect(niceAxis(5, 5, 4, true).ticks.length).toBeGreaterThan(1);
    expect(niceAxis(0, 0, 4, true)).toMatchObject({ min: -1, max: 1 });
    expect(niceAxis(3, 1, 4, true)).toMatchObject({ min: 1, max: 3 });
    expect(niceAxis(-Infinity, 1, 4, true)).toMatchObject({ min: 0, max: 1 });
  });

  it('labels ticks with their decimals and no negative zero', () => {
    expect(tickLabel(-0, 1)).toBe('0.0');
    expect(tickLabel(-0.001, 1)).toBe('0.0');
    expect(tickLabel(-0.5, 1)).toBe('-0.5');
    expect(tickLabel(850, 0)).toBe('850');
  });
});

describe('decimate', () => {
  it('keeps every point of a short trace', () => {
    expect(decimate([1, 2, 3], [0, 1, 0], 100)).toEqual([0, 1, 2]);
  });

  it('keeps the first, lowest, highest and last point of each column, in order', () => {
    const n = 20_001;
    const freqs = Array.from({ length: n }, (_, i) => 700 + i / 100);
    const values = freqs.map((_, i) => (i === 12_345 ? 40 : i === 54 ? -40 : Math.sin(i / 50)));
    const kept = decimate(freqs, values, 450);
    expect(kept.length).toBeLessThanOrEqual(450 * 4 + 4);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept).toEqual(expect.arrayContaining([0, 54, 12_345, n - 1]));
  });
});
