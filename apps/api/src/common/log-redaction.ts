/** What a log shows instead of a single-use code. */
export const HIDDEN_CODE = '(hidden)';

/**
 * A URL or link as a log may keep it: every `code` in its query (an activation, set-password or
 * export link's single-use code) replaced by HIDDEN_CODE (issue 42). The log still says where
 * the link goes and for whom, and nobody who reads it can follow the link.
 */
export function withoutCodes(url: string): string {
  return url.replace(/([?&]code=)[^&#]*/gi, `$1${HIDDEN_CODE}`);
}
