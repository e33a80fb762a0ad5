import { FORBIDDEN_NAME_CHARACTERS } from '../validation/name';

const FORBIDDEN_ALL = new RegExp(FORBIDDEN_NAME_CHARACTERS.source, 'g');
/**
 * What cleaning would change: an invalid character, white space other than a plain space, two
 * spaces in a row, or a space at either end. Most texts are clean, and one test costs less than
 * the replacing.
 */
const UNCLEAN = new RegExp(`${FORBIDDEN_NAME_CHARACTERS.source}|[^\\S ]| {2}|^ | $`);

/**
 * User text made fit for a name: characters a name may not hold (docs/requirements/test-editor.md#name-rule) become
 * spaces, and runs of white space (a prompt may span lines) become one space.
 */
export function cleanNameText(text: string): string {
  if (!UNCLEAN.test(text)) return text;
  return text.replace(FORBIDDEN_ALL, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The text cut to at most `max` characters, counted in code points as the name rule counts
 * them (so an emoji is never split in half), without trailing space.
 */
export function cutToLength(text: string, max: number): string {
  // a text never has more code points than UTF-16 units: most names need no splitting
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}
