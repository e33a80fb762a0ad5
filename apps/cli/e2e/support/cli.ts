import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './api-server';

export const CLI_MAIN = join(ROOT, 'apps/cli/dist/main.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Builds the CLI once if its bundle is missing (nx builds it before the tests). */
export function ensureBuiltCli(): void {
  if (!existsSync(CLI_MAIN))
    spawnSync('node', [join(ROOT, 'apps/cli/tools/bundle.mjs')], { cwd: ROOT, stdio: 'inherit' });
}

/** A fresh config folder, so each test user has their own credentials file. */
export function configDir(): string {
  return mkdtempSync(join(tmpdir(), 'sweepline-cli-config-'));
}

/**
 * The built program as a user runs it: `node dist/main.js args`, standard input from `input`
 * (a pipe, so never a terminal), the environment cleaned of the developer's own settings.
 */
export function sweepline(args: string[], env: Record<string, string>, input = ''): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI_MAIN, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}
