import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { connectInstrument } from '@sweepline/instruments';

const ROOT = join(__dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

/** The program as a user runs it (from source through tsx, so no build is needed). */
function sweepline(args: string[]): ChildProcess {
  return spawn(TSX, [join(ROOT, 'apps/cli/src/main.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): {
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
} {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { stdout: () => stdout, stderr: () => stderr, exit };
}

describe('the sweepline program', () => {
  jest.setTimeout(30_000);

  it('runs `sim` until Ctrl+C, serving the resource it printed, and exits 0', async () => {
    const child = sweepline(['sim', '--port', '0', '--family', 'pna']);
    const io = collect(child);
    while (!io.stdout().includes('\n')) await new Promise((resolve) => setTimeout(resolve, 50));
    const resource = io.stdout().split('\t')[1] as string;
    const instrument = await connectInstrument(resource);
    expect(instrument.identity.model).toBe('E5080B');
    await instrument.close();
    child.kill('SIGINT');
    expect(await io.exit).toBe(0);
    expect(io.stderr()).toContain('Simulators stopped.');
  });

  it('exits 2 with a clear message on a bad argument', async () => {
    const io = collect(sweepline(['sim', '--family', 'vna']));
    expect(await io.exit).toBe(2);
    expect(io.stderr()).toContain("Unknown family 'vna': choose from ena, pna, znb, pim.");
  });

  it('exits 2 on a drift it cannot play', async () => {
    const io = collect(sweepline(['sim', '--drift', 'insertion-loss:0']));
    expect(await io.exit).toBe(2);
    expect(io.stderr()).toContain(
      "argument 'insertion-loss:0' is invalid. Give a drift as <parameter>:<step per unit>",
    );
  });

  it('exits 2 on a config file it cannot use', async () => {
    const io = collect(sweepline(['sim', '--config', '/nonexistent.json']));
    expect(await io.exit).toBe(2);
    expect(io.stderr()).toContain('sweepline: Cannot read the config file /nonexistent.json');
  });
});
