import type { Command } from 'commander';
import { Option } from 'commander';
import { UsageError } from '../exit-codes';
import { loadLogin } from '../auth/credentials';
import type { ApiAuth } from './api-client';
import { API_PREFIX } from './api-client';
import { SweeplineApi } from './sweepline-api';

export const DEFAULT_SERVER = 'http://localhost:8080';

/** The options every command that calls the server has (after commander parsed them). */
export interface ConnectionOptions {
  server?: string;
  token?: string;
}

/**
 * Adds `--server` (SWEEPLINE_SERVER) and `--token` (SWEEPLINE_TOKEN) to a command. Use in a
 * command's `register`: `addConnectionOptions(program.command('x'))`, then in its action
 * `const api = connect(options)`.
 */
export function addConnectionOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--server <url>', 'the Sweepline server').env('SWEEPLINE_SERVER').default(DEFAULT_SERVER),
    )
    .addOption(
      new Option(
        '--token <token>',
        'an API token (swl_…) instead of a saved log-in; prefer the variable',
      ).env('SWEEPLINE_TOKEN'),
    );
}

/**
 * `http://host:port` from what a user types: a trailing slash or the API's own path
 * (`/webcyc/api`) is dropped, so both the web address and the API address work.
 */
export function normaliseServer(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`The server address '${value}' is not a URL: write it like ${DEFAULT_SERVER}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`The server address '${value}' must start with http:// or https://.`);
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return `${url.protocol}//${url.host}${path}`;
}

/** Who the calls are made as: the API token if one is given, else the saved log-in, else nobody. */
export function resolveAuth(server: string, token: string | undefined): ApiAuth | undefined {
  const trimmed = token?.trim();
  if (trimmed) return { kind: 'api-token', token: trimmed };
  const saved = loadLogin(server);
  return saved ? { kind: 'session', token: saved.token } : undefined;
}

/** A client for the command's server, signed in as resolveAuth says. */
export function connect(options: ConnectionOptions): SweeplineApi {
  const server = normaliseServer(options.server ?? DEFAULT_SERVER);
  return new SweeplineApi(server, resolveAuth(server, options.token));
}
