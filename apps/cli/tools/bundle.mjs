#!/usr/bin/env node
// Builds the `sweepline` program into one file, dist/main.js, with esbuild: @sweepline/domain,
// @sweepline/instruments and the npm packages are bundled in, so the installed package needs only
// Node.js. koffi stays outside: it carries a native binary per platform and is a dependency of the
// packed package (tools/pack.mjs). Type checking stays with `tsc --noEmit` (the typecheck target).
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..');

const dist = join(CLI, 'dist');
// built aside and renamed into dist/, so a program started meanwhile (a test, the other build of
// a shared checkout) finds the old file or the new one, never none
const aside = join(CLI, `.dist-${process.pid}`);
await build({
  entryPoints: [join(CLI, 'src/main.ts')],
  outfile: join(aside, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'cjs',
  // @sweepline/* resolve to their sources through the workspace's tsconfig paths
  tsconfig: join(CLI, 'tsconfig.json'),
  external: ['koffi'],
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'linked',
  logLevel: 'warning',
});
mkdirSync(dist, { recursive: true });
const built = readdirSync(aside);
for (const file of built) renameSync(join(aside, file), join(dist, file));
rmSync(aside, { recursive: true, force: true });
for (const file of readdirSync(dist)) {
  if (!built.includes(file)) rmSync(join(dist, file), { recursive: true, force: true });
}
