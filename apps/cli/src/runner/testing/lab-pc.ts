/**
 * A lab PC for the runner's end-to-end tests: a home folder whose lab configuration uses the ENA
 * simulator over TCP (instant sweeps), and `sweepline` started from it in child processes, as a
 * script starts it (no terminal).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SIM_CONFIG, startSimulator, type Simulator } from '@sweepline/instruments';
import { saveLabConfig } from '../lab-config';

export const MAIN = join(__dirname, '..', '..', 'main.ts');

/** Where the runner uploads, as its environment names it. */
export interface ServerAccess {
  server: string;
  token: string;
}

export interface CliChild {
  /** Resolves once standard error contains `text`. */
  saw(text: string): Promise<void>;
  /** The exit code and all the output, once the program has ended. */
  done: Promise<{ code: number | null; out: string; err: string }>;
}

export class LabPc {
  private constructor(
    readonly home: string,
    readonly ena: Simulator,
  ) {}

  /** A new home (its folder named `sweepline-<prefix>-…`) and the simulator it is configured for. */
  static async start(prefix: string): Promise<LabPc> {
    const ena = await startSimulator({
      family: 'ena',
      config: { ...DEFAULT_SIM_CONFIG, timeScale: 0 },
      port: 0,
    });
    const home = mkdtempSync(join(tmpdir(), `sweepline-${prefix}-`));
    saveLabConfig(
      { networkAnalyzer: { resource: ena.resource }, calibrationHours: 8 },
      join(home, 'config', 'lab.json'),
    );
    return new LabPc(home, ena);
  }

  /** The runner's environment on this PC, uploading to `access`; `extra` over it. */
  env(access: ServerAccess, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      SWEEPLINE_CONFIG_DIR: join(this.home, 'config'),
      SWEEPLINE_CLI_DATA_DIR: join(this.home, 'data'),
      SWEEPLINE_SERVER: access.server,
      SWEEPLINE_TOKEN: access.token,
      NO_COLOR: '1',
      ...extra,
    };
  }

  /** `sweepline <args>` in a child process with `env`. */
  sweepline(args: string[], env: NodeJS.ProcessEnv): CliChild {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const watchers: { text: string; resolve: () => void }[] = [];
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      for (const w of watchers.filter((w) => err.includes(w.text))) w.resolve();
    });
    return {
      saw: (text) =>
        new Promise((resolve) => (err.includes(text) ? resolve() : watchers.push({ text, resolve }))),
      done: new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err }))),
    };
  }

  async stop(): Promise<void> {
    await this.ena.close();
    rmSync(this.home, { recursive: true, force: true });
  }
}
