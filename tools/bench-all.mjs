#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts (or the ones named) with tsx, one after another,
// so each measures on a quiet machine. Each script prints its own figures. Arguments starting
// with `--` go to every script (`npm run bench -- reports --reuse`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync('npx', ['tsx', join('bench', file), ...flags], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
