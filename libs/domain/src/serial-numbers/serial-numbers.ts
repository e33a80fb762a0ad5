import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';

/** Ours (docs/requirements/serial-numbers.md#add-dialog does not show the rule): long enough for any label we have seen. */
export const SERIAL_NUMBER_MAX_LENGTH = 64;

/**
 * The Add Serial Number box's longest text (every text input is limited): one serial number more
 * than an add takes, each as long as one may be, with a line end of two characters (\r\n). A
 * longer paste is cut by the box, and what is left still breaks a rule (one line too many, or a
 * line too long), so a cut never makes a wrong paste look right.
 */
export const SERIAL_NUMBERS_TEXT_MAX_LENGTH =
  (LIMITS.serialNumbersPerAdd + 1) * (SERIAL_NUMBER_MAX_LENGTH + 2);

/**
 * The serial-number character rule (docs/requirements/serial-numbers.md#add-dialog: "the rule is not shown", so we decide):
 * - ASCII letters A-Z a-z, digits 0-9 and the six marks - _ . # + ( ) only;
 * - the first character is a letter or a digit (no leading dot: hidden files; no leading dash:
 *   read as an option by the command-line program);
 * - no whitespace anywhere and none of \ / : * ? " < > |, because the PDF report is saved under
 *   a file name made of the serial number and the test name;
 * - 1 to 64 characters.
 * A strict set can be widened later without breaking stored data; a loose one cannot be narrowed.
 *
 * Serial numbers are case-sensitive: they are stored, compared, de-duplicated and looked up
 * exactly as typed or scanned, so "ab-1" and "AB-1" are two units. No case folding means no
 * locale rules and a plain unique index in the database.
 */
const SERIAL_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._#+()-]*$/;

export function isValidSerialNumber(s: string): boolean {
  return s.length <= SERIAL_NUMBER_MAX_LENGTH && SERIAL_NUMBER.test(s);
}

/** `line` is the 1-based line of the offending entry, when there is one. */
export type SerialNumbersParse =
  { ok: true; serialNumbers: string[] } | { ok: false; error: string; line?: number };

/**
 * The Add Serial Number dialog's rules (docs/requirements/serial-numbers.md#add-dialog), checked in this order so the cheapest
 * and broadest fix is asked for first:
 * 1. blank input: MSG.enterSerialNumber;
 * 2. the input is trimmed, split at \r\n, \n or \r, and each line trimmed; an empty line:
 *    MSG.removeEmptyLines;
 * 3. more than LIMITS.serialNumbersPerAdd (1000) lines: MSG.noMoreThan1000SerialNumbers;
 * 4. the first line breaking the character rule: MSG.invalidCharacter, or
 *    MSG.noMoreThanCharacters(64) when only too long;
 * 5. the first line (in input order) repeating an earlier one, compared exactly:
 *    MSG.duplicated(value).
 * On success the serial numbers keep the input order.
 */
export function parseSerialNumbers(input: string): SerialNumbersParse {
  const text = input.trim();
  if (text === '') return { ok: false, error: MSG.enterSerialNumber };
  const lines = text.split(/\r\n|\n|\r/).map((l) => l.trim());
  const empty = lines.indexOf('');
  if (empty >= 0) return { ok: false, error: MSG.removeEmptyLines, line: empty + 1 };
  if (lines.length > LIMITS.serialNumbersPerAdd) {
    return { ok: false, error: MSG.noMoreThan1000SerialNumbers };
  }
  const bad = lines.findIndex((l) => !isValidSerialNumber(l));
  const badLine = lines[bad];
  if (badLine !== undefined) {
    const error = SERIAL_NUMBER.test(badLine)
      ? MSG.noMoreThanCharacters(SERIAL_NUMBER_MAX_LENGTH)
      : MSG.invalidCharacter;
    return { ok: false, error, line: bad + 1 };
  }
  const seen = new Set<string>();
  for (const [i, sn] of lines.entries()) {
    if (seen.has(sn)) return { ok: false, error: MSG.duplicated(sn), line: i + 1 };
    seen.add(sn);
  }
  return { ok: true, serialNumbers: lines };
}
