import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type FakeVisaBuild = { readonly path: string } | { readonly skipped: string };

/**
 * Compiles fakevisa.c into a shared library in a temporary folder, so the VISA transport runs
 * through koffi against real native code. Only a missing gcc skips (our machines and CI have it);
 * a compile error fails the test run.
 */
export function buildFakeVisa(): FakeVisaBuild {
  if (process.platform === 'win32')
    return { skipped: 'the stand-in VISA library is built with gcc for Linux and macOS' };
  const probe = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
  if (probe.error)
    return { skipped: `gcc is not installed (${probe.error.message}); install it to run the VISA FFI test` };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sweepline-fakevisa-'));
  const output = path.join(folder, 'libfakevisa.so');
  const source = path.join(__dirname, 'fakevisa.c');
  const compile = spawnSync('gcc', ['-shared', '-fPIC', '-Wall', '-o', output, source], { encoding: 'utf8' });
  if (compile.status !== 0) throw new Error(`gcc could not build ${source}:\n${compile.stderr}`);
  return { path: output };
}
