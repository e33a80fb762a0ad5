import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoUnit } from '@sweepline/instruments';
import { ROOT } from './api-server';
import { ensureBuiltCli, type CliResult } from './cli';

/**
 * What the tour (docs/cli.md, "From the start line to a passing unit") needs that a user does by
 * hand: the Download page's package, the demo seed, the runner installed from the server with
 * npm, and the simulators it starts.
 */

/**
 * Packs the built runner as `npm run pack -w @sweepline/cli` does, in a folder of its own (the
 * package test packs at the same time); returns the package file.
 */
export function packRunner(): string {
  ensureBuiltCli();
  const out = mkdtempSync(join(tmpdir(), 'sweepline-tour-pack-'));
  const result = spawnSync(process.execPath, [join(ROOT, 'apps/cli/tools/pack.mjs'), '--out', out], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`pack failed: ${result.stderr}`);
  return result.stdout.trim().split('\n')[0]!;
}

/**
 * The built web app's folder as far as the Download page goes (index.html and dl/sweepline.tgz, as
 * the web build copies them from public/), for SWEEPLINE_WEB_DIR: the web build is not this
 * project's dependency, the package is.
 */
export function downloadsFolder(tgz: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-tour-web-'));
  mkdirSync(join(dir, 'dl'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sweepline</title>');
  copyFileSync(tgz, join(dir, 'dl', 'sweepline.tgz'));
  return dir;
}

/** `npm run seed` on the API's embedded database (its data folder), as the start line offers. */
export function seedDemo(dataDir: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env, SWEEPLINE_DATA_DIR: dataDir };
  delete env['DATABASE_URL'];
  const result = spawnSync('npm', ['run', 'seed'], { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run seed failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm install -g <server>/dl/sweepline.tgz` into `prefix`; returns the program's path. */
export function installFromServer(serverUrl: string, prefix: string): string {
  const result = spawnSync(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      prefix,
      // koffi is optional (VISA only); the cache answers what the registry would
      '--omit=optional',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      `${serverUrl}/dl/sweepline.tgz`,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`npm install failed: ${result.stderr}`);
  return join(prefix, 'bin', 'sweepline');
}

/** The installed program with a user's own folders (`home`) and no colour. */
export function userCli(bin: string, home: string) {
  const env = {
    PATH: `${join(bin, '..')}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    HOME: home,
    NO_COLOR: '1',
    SWEEPLINE_CONFIG_DIR: join(home, 'config'),
    SWEEPLINE_CLI_DATA_DIR: join(home, 'data'),
  };
  const run = (args: string[], input = ''): Promise<CliResult> =>
    new Promise((done) => {
      const child = spawn(bin, args, { cwd: home, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdin.end(input);
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
  return { env, run };
}

export interface RunningSimulators {
  readonly child: ChildProcess;
  /** Family → VISA resource string, from the lines `sweepline sim` prints. */
  readonly resources: Map<string, string>;
  /** What the simulators told their log (the units connected). */
  readonly log: () => string;
}

/**
 * `sweepline sim --port 0 --time-scale 0` and `extra` options, running until killed; resolves once
 * every simulator is listed (`families` of them: 4 unless `extra` picks some). `program` is the
 * installed `sweepline`, or the command that starts it (`node dist/main.js`).
 */
export function startSimulators(
  program: string | readonly string[],
  env: Record<string, string>,
  extra: readonly string[] = [],
  families = 4,
): Promise<RunningSimulators> {
  const [command, ...args] = typeof program === 'string' ? [program] : program;
  const child = spawn(command!, [...args, 'sim', '--port', '0', '--time-scale', '0', ...extra], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sweepline sim exited (${code}): ${stderr}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const lines = stdout.split('\n').filter((line) => line.includes('\t'));
      if (lines.length < families) return;
      const resources = new Map(lines.map((line) => line.split('\t') as [string, string]));
      resolve({ child, resources, log: () => stderr });
    });
  });
}

/** The first serial numbers `prefix-1`, `prefix-2`… whose demo unit has `condition`. */
export function serialsWith(product: string, prefix: string, condition: string, count = 1): string[] {
  const found: string[] = [];
  for (let i = 1; found.length < count; i++) {
    if (i > 5000) throw new Error(`No ${product} unit is ${condition} in 5000 serial numbers`);
    const sn = `${prefix}-${i}`;
    if (demoUnit(product, sn)?.condition === condition) found.push(sn);
  }
  return found;
}
