#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts and apps/*/bench/*.bench.ts (an app's benches of
// its own internals, which bench/ may not import), or the ones named, with tsx, one after another,
// so each measures on a quiet machine. Each script prints its own figures. Arguments starting
// with `--` go to every script (`npm run bench -- reports --reuse`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));
const benchDirs = ['bench', ...readdirSync(join(root, 'apps')).map((app) => join('apps', app, 'bench'))];
const benches = benchDirs
  .filter((dir) => existsSync(join(root, dir)))
  .flatMap((dir) => readdirSync(join(root, dir)).map((f) => join(dir, f)))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => basename(f).includes(w)))
  .sort((a, b) => basename(a).localeCompare(basename(b)));

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync('npx', ['tsx', file, ...flags], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
