import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';

/**
 * Characters a name may not hold. docs/requirements/test-editor.md#name-rule lists \ / : * ? " < > |; we also refuse the
 * control characters (U+0000-U+001F, U+007F) because names end up in file names (PDF reports are
 * saved as serial number plus test name) and Windows refuses those too.
 * Keep it without flags: naming/name-text.ts rebuilds it with the g flag from its source.
 */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_NAME_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]/;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Length as PostgreSQL's char_length counts it: code points, so an emoji counts once. */
export function textLength(value: string): number {
  // only surrogate pairs make the two counts differ; most texts have none, so skip the splitting
  return SURROGATE.test(value) ? [...value].length : value.length;
}

/**
 * The shared name rule of docs/requirements/test-editor.md#name-rule (products, tests, steps, account and user names).
 * The value is judged trimmed, as it is sent trimmed. Pass LIMITS.longTextLength (200) for
 * prompts, questions, options and file names. Returns the message, or undefined when valid.
 */
export function nameError(value: string, maxLength: number = LIMITS.nameLength): string | undefined {
  const name = value.trim();
  if (name === '') return MSG.emptyInput;
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) return MSG.invalidCharacter;
  if (textLength(name) > maxLength) return MSG.noMoreThanCharacters(maxLength);
  return undefined;
}

/** The rule for prompts, questions, options and file names (docs/requirements/test-editor.md#name-rule: 200 characters). */
export function longTextError(value: string): string | undefined {
  return nameError(value, LIMITS.longTextLength);
}
