import type { Command } from 'commander';
import { Option } from 'commander';
import { emailError } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, normaliseServer } from '../client/connect';
import { logIn } from '../auth/login';
import { credentialsPath } from '../auth/credentials';
import { UsageError } from '../exit-codes';
import { canPrompt, noPrompt, readStdin, say } from '../io/terminal';

interface LoginOptions extends ConnectionOptions {
  email?: string;
}

/** The e-mail and password: from the prompts on a terminal, else --email and standard input. */
async function askCredentials(options: LoginOptions): Promise<{ email: string; password: string }> {
  if (!canPrompt()) {
    if (!options.email)
      noPrompt('give --email, with the password on standard input (or use SWEEPLINE_TOKEN).');
    const password = (await readStdin()).split(/\r?\n/)[0] ?? '';
    if (password === '')
      throw new UsageError(
        'Give the password on standard input: echo "$PASSWORD" | sweepline login --email …',
      );
    return { email: options.email, password };
  }
  const { input, password } = await import('@inquirer/prompts');
  const email =
    options.email ??
    (await input({ message: 'E-mail', validate: (value) => emailError(value.trim()) ?? true })).trim();
  const secret = await password({
    message: 'Password',
    mask: '*',
    validate: (value) => value !== '' || 'Enter password',
  });
  return { email, password: secret };
}

export async function loginAction(options: LoginOptions): Promise<void> {
  const server = normaliseServer(options.server ?? '');
  const credentials = await askCredentials(options);
  const problem = emailError(credentials.email);
  if (problem) throw new UsageError(`--email: ${problem}`);
  const login = await logIn(server, credentials.email, credentials.password);
  say(`Logged in to ${server} as ${login.name} <${login.email}>. Saved in ${credentialsPath()}.`);
}

/** `sweepline login`: a session for this computer, saved with owner-only permissions. */
export function register(program: Command): void {
  addConnectionOptions(
    program
      .command('login')
      .description('Log in with your e-mail and password and keep the session on this computer')
      .addOption(
        new Option('--email <email>', 'your e-mail; the password is then read from standard input').env(
          'SWEEPLINE_EMAIL',
        ),
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline login                                   # asks for e-mail and password
  $ sweepline login --server https://rf.example.com
  $ printf '%s\\n' "$PASSWORD" | sweepline login --email erin@example.com

In CI prefer an API token (Settings, API tokens): SWEEPLINE_TOKEN=swl_… needs no log-in.`,
    )
    .action((options: LoginOptions) => loginAction(options));
}
