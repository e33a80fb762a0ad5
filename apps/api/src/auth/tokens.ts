import { createHash, randomBytes } from 'node:crypto';

/** API tokens start with this, so a leaked one is easy to recognise in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'swl_';

/** 256 random bits (docs/requirements/identity.md#sessions asks at least 128), URL-safe. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as this hash: a database leak reveals no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
