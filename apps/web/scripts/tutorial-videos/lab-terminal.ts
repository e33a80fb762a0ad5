import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

const CLI = join(resolve(__dirname, '../../../..'), 'apps/cli/src/main.ts');
/** Where a user's own server answers (docs/cli.md's tour); the recording's API has a free port. */
const SHOWN_SERVER = 'http://localhost:8080';

/**
 * A lab PC's terminal: the real `sweepline` program (from its sources) with a configuration
 * folder of its own, pointed at the recording's API. What the videos show of it is what it
 * printed, with the temporary folder shown as ~ and the server's address as a user's.
 */
export class LabTerminal {
  private readonly home = mkdtempSync(join(tmpdir(), 'sweepline-tutorial-lab-'));
  private readonly children: ChildProcess[] = [];

  constructor(private readonly server: string) {}

  /** Runs `sweepline args` to its end and returns what it printed, both streams in order. */
  run(args: string[], input = ''): Promise<string> {
    const child = this.spawn(args);
    child.stdin!.end(input);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((done) => child.once('exit', () => done(this.shown(output))));
  }

  /** Starts `sweepline args` in the background and returns what it printed once `ready` matches. */
  startBackground(args: string[], ready: RegExp): Promise<string> {
    const child = this.spawn(args);
    this.children.push(child);
    let output = '';
    return new Promise((done, fail) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (ready.test(output)) done(this.shown(output));
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) =>
        fail(new Error(`sweepline ${args.join(' ')} exited (${code}):\n${output}`)),
      );
    });
  }

  async close(): Promise<void> {
    for (const child of this.children) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.home, { recursive: true, force: true });
  }

  private spawn(args: string[]): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: {
        ...process.env,
        SWEEPLINE_CONFIG_DIR: join(this.home, '.config/sweepline'),
        SWEEPLINE_CLI_DATA_DIR: join(this.home, '.local/share/sweepline'),
        SWEEPLINE_SERVER: this.server,
        NO_COLOR: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }

  private shown(output: string): string {
    return output.replaceAll(this.home, '~').replaceAll(this.server, SHOWN_SERVER).trimEnd();
  }
}

/** Turns the page into a terminal window titled `title`, empty but for its prompt. */
export async function openTerminal(page: Page, title: string): Promise<void> {
  await page.setContent(`<!doctype html><html lang="en"><head><title>${title}</title></head>
<body style="margin:0;background:#1e1e1e;font:17px/1.45 'DejaVu Sans Mono',monospace;color:#e6e6e6">
<div style="background:#3a3a3a;color:#ccc;padding:6px 14px;font:14px sans-serif">${title}</div>
<pre id="screen" style="margin:0;padding:14px 18px;white-space:pre-wrap;height:calc(100vh - 60px);overflow:hidden"></pre>
</body></html>`);
}

/** Types `command` after the prompt at a person's pace, then prints `output` line by line. */
export async function showCommand(page: Page, command: string, output: string): Promise<void> {
  const screen = page.locator('#screen');
  await screen.evaluate((pre) =>
    pre.append(Object.assign(document.createElement('span'), { textContent: '$ ', style: 'color:#8ae234' })),
  );
  for (const char of command) {
    await screen.evaluate((pre, c) => pre.append(c), char);
    await page.waitForTimeout(35);
  }
  await screen.evaluate((pre) => pre.append('\n'));
  await page.waitForTimeout(400);
  for (const line of output ? output.split('\n') : []) {
    // the newest lines stay in view, as in a terminal
    await screen.evaluate((pre, l) => {
      pre.append(`${l}\n`);
      pre.scrollTop = pre.scrollHeight;
    }, line);
    await page.waitForTimeout(90);
  }
  await page.waitForTimeout(700);
}
