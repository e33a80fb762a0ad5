#!/usr/bin/env node
// The README's test command: type checking, lint (module boundaries included), formatting and
// every project's Jest tests. It runs every stage even after a failure, so one run shows all
// that is wrong, and ends with one plain total line over all projects: "N passed, N failed"
// (a failed type check, lint or format stage counts as one failed test).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' };

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
}

function projects() {
  const out = spawnSync('npx', ['nx', 'show', 'projects', '--json'], { cwd: root, env, encoding: 'utf8' });
  return JSON.parse(out.stdout).map((name) => {
    const info = spawnSync('npx', ['nx', 'show', 'project', name, '--json'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    return JSON.parse(info.stdout).root;
  });
}

const roots = projects(); // also warms Nx's project graph, which the module-boundary rule reads
for (const dir of roots) rmSync(join(root, dir, '.reports'), { recursive: true, force: true });

const checks = [
  run('typecheck', 'npx', ['nx', 'run-many', '-t', 'typecheck', '--outputStyle=stream']),
  run('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  run('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']),
];
// Two phases. The API's tests first, alone: their two workers and the PostgreSQL servers under them
// keep both cores busy (354 s alone on a quiet machine). Then the rest, Nx's three at once: the web
// app's and the CLI's browser and terminal files spend much of their time waiting on a browser, an
// API or a simulator, which the others fill. All of them at once ran the machine at a load of
// 9-15 and took 30 minutes where the phases' sum alone is under 20 (docs/performance/history/ci.md)
const API = '@sweepline/api';
const stream = '--outputStyle=stream';
const apiOk = run('test (the API)', 'npx', ['nx', 'run-many', '-t', 'test', `--projects=${API}`, stream]);
const restOk = run('test (the rest)', 'npx', ['nx', 'run-many', '-t', 'test', `--exclude=${API}`, stream]);
const testsOk = apiOk && restOk;

let passed = 0;
let failed = checks.filter((ok) => !ok).length;
for (const dir of roots) {
  const report = join(root, dir, '.reports', 'jest.json');
  if (!existsSync(report)) {
    if (!testsOk) console.log(`no test report from ${dir}`);
    continue;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`${dir}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed`);
  passed += summary.numPassedTests;
  // A suite that fails to load (syntax error, missing import) reports no failed test: count it.
  failed += summary.numFailedTests + summary.numRuntimeErrorTestSuites;
}
if (!testsOk && failed === 0) failed = 1; // a suite that failed to load reports no test
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && testsOk ? 0 : 1);
