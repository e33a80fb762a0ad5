import { EXIT, UsageError } from '../exit-codes';
import { ApiError } from './api-error';

/**
 * The exit code of a failed command (docs/cli.md): 2 for what the user fixes before trying again
 * (a bad command line, an unreachable server, no or an expired sign-in), 1 for a refusal or a
 * failure while running.
 */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof ApiError && (error.kind === 'connection' || error.kind === 'unauthorized'))
    return EXIT.usage;
  return EXIT.failed;
}
