import type { Command } from 'commander';
import { Option } from 'commander';
import { isRole, roleLabel } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson } from '../io/terminal';

interface WhoamiOptions extends ConnectionOptions {
  json?: boolean;
}

/** Checks the sign-in (saved session or SWEEPLINE_TOKEN) against the server and says who it is. */
export async function whoamiAction(options: WhoamiOptions): Promise<void> {
  const api = connect(options);
  const me = await api.whoami();
  if (options.json) return printJson({ server: api.server, ...me });
  const role = isRole(me.role) ? roleLabel(me.role) : String(me.role);
  const who = me.api_token ? `API token '${me.api_token.name}'` : `${me.name} <${me.email}>`;
  process.stdout.write(`${who}, ${role}, account ${me.account_name}, on ${api.server}\n`);
}

export function register(program: Command): void {
  addConnectionOptions(
    program
      .command('whoami')
      .description('Show who the saved log-in or the API token is, as the server sees it')
      .addOption(new Option('--json', 'print JSON')),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline whoami
  Erin <erin@example.com>, Manager, account Acme RF, on http://localhost:8080
  $ SWEEPLINE_TOKEN=swl_… sweepline whoami --json    # a CI job checks its token first`,
    )
    .action((options: WhoamiOptions) => whoamiAction(options));
}
