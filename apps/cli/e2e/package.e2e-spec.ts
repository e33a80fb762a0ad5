import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version } from '../package.json';
import { ROOT } from './support/api-server';

const CLI = join(ROOT, 'apps/cli');

describe('the packed program (npm pack), installed as a user installs it', () => {
  jest.setTimeout(180_000);

  it('installs into an empty prefix with nothing but Node.js and npm, and runs', () => {
    execFileSync(process.execPath, [join(CLI, 'tools/pack.mjs')], { stdio: 'ignore' });
    const tgz = join(CLI, 'release', `sweepline-${version}.tgz`);
    expect(existsSync(join(ROOT, 'apps/web/public/dl/sweepline.tgz'))).toBe(true);
    const prefix = mkdtempSync(join(tmpdir(), 'sweepline-install-'));
    // offline, without koffi (optional, for VISA only): everything else must be inside the package
    execFileSync(
      'npm',
      ['install', '-g', '--prefix', prefix, '--offline', '--omit=optional', '--no-audit', '--no-fund', tgz],
      {
        stdio: 'ignore',
      },
    );
    expect(readdirSync(join(prefix, 'lib/node_modules'))).toEqual(['sweepline']);
    const bin = join(prefix, 'bin', 'sweepline');
    const env = { PATH: `${join(prefix, 'bin')}:/usr/bin:/bin`, HOME: prefix };
    const run = (args: string[]) => spawnSync(bin, args, { env, encoding: 'utf8', cwd: prefix });
    expect(run(['--version']).stdout.trim()).toBe(version);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['login', 'logout', 'whoami', 'sn', 'test', 'results', 'report', 'sim']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    const down = run(['whoami', '--server', 'http://127.0.0.1:1']);
    expect(down.status).toBe(2);
  });
});
