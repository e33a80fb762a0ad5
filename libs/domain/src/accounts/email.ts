import { MSG } from '../limits/messages';

/** RFC 5321: a forward path holds at most 254 characters, a local part at most 64. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 63;

/**
 * A practical RFC 5322 subset. Local part: a dot-atom, i.e. letters, digits (any script) and
 * ! # $ % & ' * + / = ? ^ _ ` { | } ~ - in dot-separated non-empty pieces (so no leading,
 * trailing or double dot). Quoted local parts and comments are refused.
 */
const LOCAL_PART = /^[\p{L}\p{M}\p{Nd}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{M}\p{Nd}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A DNS label: letters and digits (any script, for IDN), inner hyphens, 1-63 characters. */
const LABEL = /^[\p{L}\p{M}\p{Nd}]([\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?$/u;
const ALL_DIGITS = /^\p{Nd}+$/u;

/**
 * Domain: at least two labels (a dot is required), no IP literals, and a top-level label that is
 * not all digits, so "a@1.2.3.4" is refused. No surrounding whitespace is tolerated: callers
 * send the address as typed and a space is an error the user should see.
 */
export function isValidEmail(s: string): boolean {
  if ([...s].length > EMAIL_MAX_LENGTH) return false;
  const at = s.indexOf('@');
  if (at < 0 || s.indexOf('@', at + 1) >= 0) return false;
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split('.');
  if ([...local].length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const tld = labels[labels.length - 1] ?? '';
  return (
    labels.length >= 2 &&
    labels.every((l) => [...l].length <= LABEL_MAX_LENGTH && LABEL.test(l)) &&
    !ALL_DIGITS.test(tld)
  );
}

/**
 * docs/requirements/identity.md#field-rules: required, then a valid address. `emptyMessage` is MSG.enterEmail on the
 * account forms and MSG.inputEmail in the user dialog. A blank value counts as empty.
 */
export function emailError(s: string, emptyMessage: string = MSG.enterEmail): string | undefined {
  if (s.trim() === '') return emptyMessage;
  return isValidEmail(s) ? undefined : MSG.invalidEmail;
}
