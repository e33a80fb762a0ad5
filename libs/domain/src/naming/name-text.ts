import { FORBIDDEN_NAME_CHARACTERS } from '../validation/name';

const FORBIDDEN_ALL = new RegExp(FORBIDDEN_NAME_CHARACTERS.source, 'g');

/**
 * User text made fit for a name: characters a name may not hold (spec 1 section 5) become
 * spaces, and runs of white space (a prompt may span lines) become one space.
 */
export function cleanNameText(text: string): string {
  return text.replace(FORBIDDEN_ALL, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The text cut to at most `max` characters, counted in code points as the name rule counts
 * them (so an emoji is never split in half), without trailing space.
 */
export function cutToLength(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}
