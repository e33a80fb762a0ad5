/**
 * Why a call to the server failed, so commands can pick the exit code (docs/cli.md):
 * - `connection`: the server could not be reached (exit 2, a setting to fix);
 * - `unauthorized`: no sign-in, or an expired or revoked token (exit 2: log in again);
 * - `refused`: the server answered with a refusal in its envelope, `msg` says why (exit 1);
 * - `unexpected`: a reply that is not the API's (exit 1).
 */
export type ApiErrorKind = 'connection' | 'unauthorized' | 'refused' | 'unexpected';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The HTTP status, when the server answered. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}
