import { statSync } from 'node:fs';
import { version } from '../package.json';
import { join } from 'node:path';
import type { Manager } from './support/accounts';
import { makeApiToken, PASSWORD, revokeApiToken, signUpManager } from './support/accounts';
import type { RunningApi } from './support/api-server';
import { freePort, startApi } from './support/api-server';
import { configDir, ensureBuiltCli, sweepline } from './support/cli';

describe('sweepline login, whoami and logout (built program, built API, embedded PostgreSQL)', () => {
  jest.setTimeout(120_000);
  let api: RunningApi;
  let manager: Manager;

  beforeAll(async () => {
    ensureBuiltCli();
    api = await startApi();
    manager = await signUpManager(api);
  });
  afterAll(() => api?.stop());

  it('logs in with --email and the password on standard input, keeps the session owner-only, and logs out', async () => {
    const env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_CONFIG_DIR: configDir() };
    const login = await sweepline(['login', '--email', manager.email], env, `${PASSWORD}\n`);
    expect(login.stderr).toContain(`Logged in to ${api.url} as ${manager.name} <${manager.email}>`);
    expect(login.code).toBe(0);
    const file = join(env.SWEEPLINE_CONFIG_DIR, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(env.SWEEPLINE_CONFIG_DIR).mode & 0o077).toBe(0);

    const whoami = await sweepline(['whoami', '--json'], env);
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({
      server: api.url,
      email: manager.email,
      role: 0,
      api_token: null,
    });

    const logout = await sweepline(['logout'], env);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain(`Logged out of ${api.url}.`);
    const after = await sweepline(['whoami'], env);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain(`You are not signed in to ${api.url}: run \`sweepline login\``);
  });

  it('refuses a wrong password with the server message and exit code 1, saving nothing', async () => {
    const env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_CONFIG_DIR: configDir() };
    const login = await sweepline(['login', '--email', manager.email], env, 'wrong-pass-9\n');
    expect(login.code).toBe(1);
    expect(login.stderr).toContain('sweepline: Wrong email or password');
    expect((await sweepline(['whoami'], env)).code).toBe(2);
  });

  it('does not prompt without a terminal: no --email, or no password, is a usage error (2)', async () => {
    const env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_CONFIG_DIR: configDir() };
    const noEmail = await sweepline(['login'], env, `${PASSWORD}\n`);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('Standard input is not a terminal, so there is no prompt: give --email');
    const noPassword = await sweepline(['login', '--email', manager.email], env, '');
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('Give the password on standard input');
  });

  it('works with an API token in SWEEPLINE_TOKEN, and says so clearly once it is revoked (2)', async () => {
    const { id, token } = await makeApiToken(api, manager, 2);
    const env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_CONFIG_DIR: configDir(), SWEEPLINE_TOKEN: token };
    const whoami = await sweepline(['whoami'], env);
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toMatch(/^API token 'ci \d+', Operator, account Account /);
    await revokeApiToken(api, manager, id);
    const revoked = await sweepline(['whoami'], env);
    expect(revoked.code).toBe(2);
    expect(revoked.stderr).toContain(`The server ${api.url} refused the API token`);
  });

  it('says to log in again when the saved session has expired (2)', async () => {
    const env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_CONFIG_DIR: configDir() };
    await sweepline(['login', '--email', manager.email], env, `${PASSWORD}\n`);
    // the session ends on the server (as after its idle expiry); the file still holds it
    const { readFileSync } = await import('node:fs');
    const saved = JSON.parse(readFileSync(join(env.SWEEPLINE_CONFIG_DIR, 'credentials.json'), 'utf8'));
    await fetch(`${api.url}/webcyc/api/logout`, {
      headers: { 'x-auth-token': saved.servers[api.url].token },
    });
    const whoami = await sweepline(['whoami'], env);
    expect(whoami.code).toBe(2);
    expect(whoami.stderr).toContain(
      `Your sign-in to ${api.url} has expired or was ended: log in again with \`sweepline login\`.`,
    );
  });

  it('names the server it cannot reach (2)', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const result = await sweepline(['whoami', '--server', down], { SWEEPLINE_CONFIG_DIR: configDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `Cannot reach the Sweepline server at ${down} (connection refused: is it running?)`,
    );
  });

  it('prints its version and help', async () => {
    const printed = await sweepline(['--version'], {});
    expect(printed.stdout.trim()).toBe(version);
    const help = await sweepline(['login', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
  });
});
