import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';

// A letter of any script and a decimal digit of any script: the rule says "a letter and a number".
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/**
 * The shared password rule (docs/requirements/identity.md#password-rule): at least 8 characters (code points) with at least
 * one letter and one number, and at most LIMITS.passwordMaxLength as the inputs count them.
 * Passwords are never trimmed: spaces count as characters.
 * `emptyMessage` is MSG.enterPassword for sign-up and reset, MSG.enterNewPassword for a change.
 */
export function passwordError(pw: string, emptyMessage: string = MSG.enterPassword): string | undefined {
  if (pw === '') return emptyMessage;
  if (pw.length > LIMITS.passwordMaxLength) return MSG.noMoreThanCharacters(LIMITS.passwordMaxLength);
  if ([...pw].length < LIMITS.passwordMinLength || !LETTER.test(pw) || !DIGIT.test(pw)) {
    return MSG.passwordRule;
  }
  return undefined;
}

/** A password that is only required, not judged: log-in and the current password of a change. */
export function requiredPasswordError(
  pw: string,
  emptyMessage: string = MSG.enterPassword,
): string | undefined {
  return pw === '' ? emptyMessage : undefined;
}

export interface ConfirmMessages {
  required: string;
  different: string;
}

/** Sign-up and reset password (docs/requirements/identity.md#password-rule). */
export const SIGN_UP_CONFIRM: ConfirmMessages = {
  required: MSG.enterPasswordAgain,
  different: MSG.passwordsDifferent,
};

/** Change password (docs/requirements/identity.md#password-rule). */
export const CHANGE_PASSWORD_CONFIRM: ConfirmMessages = {
  required: MSG.enterNewPasswordAgain,
  different: MSG.newPasswordsDifferent,
};

/** The confirmation must be given and equal the password exactly. */
export function confirmPasswordError(
  pw: string,
  confirm: string,
  messages: ConfirmMessages = SIGN_UP_CONFIRM,
): string | undefined {
  if (confirm === '') return messages.required;
  if (confirm !== pw) return messages.different;
  return undefined;
}
