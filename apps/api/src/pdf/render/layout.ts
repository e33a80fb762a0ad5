/**
 * Pure helpers of the PDF report's layout: text that fits the standard fonts and the columns,
 * zone offsets and file names.
 */
import { FORBIDDEN_NAME_CHARACTERS } from '@sweepline/domain';

/** The code points above Latin-1 that WinAnsiEncoding holds (its 0x80-0x9F block). */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((c) => c.codePointAt(0)!));

/** Look-alikes for characters RF reports use that WinAnsi lacks (Greek mu, ohm, minus sign). */
const STAND_INS: Record<string, string> = {
  μ: 'µ',
  Ω: 'Ohm',
  Δ: 'Delta ',
  '−': '-',
  '≤': '<=',
  '≥': '>=',
  '≈': '~',
  '∞': 'inf',
  '\t': ' ',
  '\n': ' ',
  '\r': ' ',
};

function isWinAnsi(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/**
 * The text as the standard fonts can draw it: they encode WinAnsi (Latin-1 and a few more) and
 * throw on anything else. Accented letters outside it lose their accents (ő → o), a few symbols
 * get a stand-in, and the rest (Cyrillic, CJK, emoji) becomes '?': a report with a non-Latin
 * name still prints rather than failing.
 */
export function winAnsiText(text: string): string {
  // most texts are plain ASCII: skip the per-character work
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (isWinAnsi(code)) out += ch;
    else if (STAND_INS[ch] !== undefined) out += STAND_INS[ch];
    else {
      const bare = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += bare !== '' && [...bare].every((c) => isWinAnsi(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}

/** Width of a text at a font size; the report measures with the font's glyph widths. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';

/** The text, or its longest start that fits `maxWidth` with an ellipsis. */
export function fitText(text: string, maxWidth: number, width: Measure): string {
  if (width(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (width(text.slice(0, mid).trimEnd() + ELLIPSIS) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? (width(ELLIPSIS) <= maxWidth ? ELLIPSIS : '') : text.slice(0, lo).trimEnd() + ELLIPSIS;
}

/** The longest start of `word` that fits (at least one character, so wrapping always advances). */
function breakWord(word: string, maxWidth: number, width: Measure): number {
  let n = 1;
  while (n < word.length && width(word.slice(0, n + 1)) <= maxWidth) n++;
  return n;
}

/**
 * Lines of at most `maxWidth`, broken at spaces (a word longer than a line is broken inside);
 * past `maxLines` the last line ends in an ellipsis.
 */
export function wrapText(text: string, maxWidth: number, width: Measure, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = text.trim().replace(/\s+/g, ' ');
  while (rest !== '' && lines.length < maxLines) {
    if (width(rest) <= maxWidth) {
      lines.push(rest);
      rest = '';
      break;
    }
    let cut = rest.lastIndexOf(' ', rest.length);
    while (cut > 0 && width(rest.slice(0, cut)) > maxWidth) cut = rest.lastIndexOf(' ', cut - 1);
    if (cut <= 0) cut = breakWord(rest, maxWidth, width);
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '' && lines.length > 0) {
    lines[lines.length - 1] = fitText(`${lines[lines.length - 1]} ${rest}`, maxWidth, width);
  }
  return lines.length > 0 ? lines : [''];
}

/** 5.5 → 'UTC+05:30', -3.5 → 'UTC-03:30', 0 → 'UTC+00:00' (zone offsets are quarter hours). */
export function formatZoneOffset(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${hours < 0 ? '-' : '+'}${hh}:${mm}`;
}

const FORBIDDEN = new RegExp(FORBIDDEN_NAME_CHARACTERS.source, 'g');

/**
 * docs/requirements/pdf.md#call: the PDF is "saved as a file named serial number plus test name". Serial
 * numbers are file-name-safe by their rule and test names by theirs; the characters are replaced
 * anyway so a name stored before a rule existed cannot make a path.
 */
export function reportFileName(sn: string, testName: string): string {
  return `${sn} ${testName}`.replace(FORBIDDEN, '_').trim() + '.pdf';
}

/** Content-Disposition with the real name in RFC 5987 form and an ASCII stand-in for old clients. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
