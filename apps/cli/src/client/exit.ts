import { EXIT, InstrumentOverdue, UsageError } from '../exit-codes';
import { ApiError } from './api-error';
import { ServerAway } from './wait-for-server';

/**
 * The exit code of a failed command (docs/cli.md): 2 for what the user fixes before trying again
 * (a bad command line, an unreachable server or one that stayed away through the runner's wait, no
 * or an expired sign-in), 1 for a refusal or a
 * failure while running; 5 when the runner will not measure with an overdue instrument.
 */
export function exitCodeOf(error: unknown): number {
  if (error instanceof InstrumentOverdue) return EXIT.instrumentOverdue;
  if (error instanceof UsageError || isCancelledPrompt(error) || error instanceof ServerAway)
    return EXIT.usage;
  if (error instanceof ApiError && (error.kind === 'connection' || error.kind === 'unauthorized'))
    return EXIT.usage;
  return EXIT.failed;
}

/** Ctrl+C (or a closed terminal) in a prompt of @inquirer/prompts: nothing was done. */
function isCancelledPrompt(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}

/** What main prints for a failed command. */
export function messageOf(error: unknown): string {
  if (isCancelledPrompt(error)) return 'Cancelled: nothing was done.';
  return error instanceof Error ? error.message : String(error);
}
