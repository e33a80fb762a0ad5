import { createHash, randomBytes } from 'node:crypto';

/**
 * The API's token rules (apps/api/src/auth/tokens.ts), for tests and benches that put sessions
 * and API tokens straight into the database: the API accepts only what matches its own hash, so
 * a drift here fails every such bench at its first call.
 */
export const API_TOKEN_PREFIX = 'swl_';

/** 256 random bits, URL-safe. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** The stored form of a token or a session: its SHA-256 in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
