import type { Command } from 'commander';
import { ApiError } from '../client/api-error';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, normaliseServer } from '../client/connect';
import { SweeplineApi } from '../client/sweepline-api';
import { forgetLogin, loadLogin } from '../auth/credentials';
import { say } from '../io/terminal';

/**
 * Ends the saved session on the server and forgets it here. Like the web app (docs/requirements/shell-and-navigation.md#session-state), a log-out
 * the server cannot take (it is down, the session already expired) still clears the local state.
 */
export async function logoutAction(options: ConnectionOptions): Promise<void> {
  const server = normaliseServer(options.server ?? '');
  const saved = loadLogin(server);
  if (!saved) {
    say(`You were not logged in to ${server}.`);
  } else {
    try {
      await new SweeplineApi(server, { kind: 'session', token: saved.token }).logout();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    forgetLogin(server);
    say(`Logged out of ${server}.`);
  }
  if (options.token)
    say('SWEEPLINE_TOKEN is still set: an API token stays valid until a manager revokes it in Settings.');
}

export function register(program: Command): void {
  addConnectionOptions(
    program.command('logout').description('End the saved session and remove it from this computer'),
  )
    .addHelpText('after', '\nExample:\n  $ sweepline logout --server https://rf.example.com')
    .action((options: ConnectionOptions) => logoutAction(options));
}
