import { MSG, serialNumberListError } from '@sweepline/domain';
import type { SourceLine } from './read-lines';

export interface RefusedLine extends Omit<SourceLine, 'unreadable'> {
  reason: string;
}

export interface CheckedLines {
  /** The good serial numbers, each once, in file order. */
  valid: string[];
  refused: RefusedLine[];
}

/**
 * Every line through the domain's serial-number rules (the Add dialog's and POST /sn's), before
 * anything is sent: a row the file itself makes unreadable (read-lines.ts), an empty line, a bad character, too long, and a repeat of an earlier line (the
 * first one is kept) are refused with the dialog's words.
 */
export function checkLines(lines: readonly SourceLine[]): CheckedLines {
  const firstLine = new Map<string, number>();
  const valid: string[] = [];
  const refused: RefusedLine[] = [];
  for (const { unreadable, ...entry } of lines) {
    if (unreadable !== undefined) {
      refused.push({ ...entry, reason: unreadable });
      continue;
    }
    const error = serialNumberListError([entry.value]);
    if (error) {
      refused.push({ ...entry, reason: error.message });
      continue;
    }
    const first = firstLine.get(entry.value);
    if (first !== undefined) {
      refused.push({ ...entry, reason: `${MSG.duplicated(entry.value)} (first on line ${first})` });
      continue;
    }
    firstLine.set(entry.value, entry.line);
    valid.push(entry.value);
  }
  return { valid, refused };
}
