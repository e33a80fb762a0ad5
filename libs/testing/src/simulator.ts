import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * An ENA simulator in its own process (`sweepline sim --time-scale 0`: instant sweeps), as an
 * instrument has its own CPU; killed when this process exits. `resource` is its LAN resource string.
 */
export async function startSim(): Promise<{ child: ChildProcess; resource: string }> {
  const child = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'apps/cli/src/main.ts'), 'sim', '--family', 'ena', '--port', '0', '--time-scale', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  // never leave the simulator running, whatever ends the caller
  process.once('exit', () => child.kill('SIGKILL'));
  let out = '';
  const resource = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\t')[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`sweepline sim exited with code ${code}`)));
  });
  return { child, resource };
}
