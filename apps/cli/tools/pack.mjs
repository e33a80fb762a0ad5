#!/usr/bin/env node
// Packs the `sweepline` program as one installable npm package (npm pack): the one-file build of
// tools/bundle.mjs (domain, instruments and npm packages inside), a package.json with no
// dependencies but koffi (optional: only VISA needs it; LAN sockets work without), and a README.
// Writes release/sweepline-<version>.tgz and copies it to the web app's dl/ folder as
// dl/sweepline.tgz, which the Download page links and the API serves (docs/cli.md, "Packaging").
// `--out <dir>`: stage and pack in that folder only, from the built dist/main.js, copying nowhere
// (a test packing alongside others must not rewrite the files they read).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(CLI, '..', '..');
const own = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8'));
const instruments = JSON.parse(readFileSync(join(ROOT, 'libs/instruments/package.json'), 'utf8'));

const outFlag = process.argv.indexOf('--out');
const ownOut = outFlag > 0 ? process.argv[outFlag + 1] : undefined;
if (!ownOut) execFileSync(process.execPath, [join(CLI, 'tools/bundle.mjs')], { stdio: 'inherit' });

const out = ownOut ?? join(CLI, 'release');
const stage = join(out, 'package');
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
for (const file of ['main.js', 'main.js.map', 'main.js.LEGAL.txt']) {
  try {
    copyFileSync(join(CLI, 'dist', file), join(stage, file));
  } catch (error) {
    if (error.code !== 'ENOENT' || file === 'main.js') throw error;
  }
}
writeFileSync(
  join(stage, 'package.json'),
  `${JSON.stringify(
    {
      name: 'sweepline',
      version: own.version,
      description: own.description,
      license: 'UNLICENSED',
      bin: { sweepline: 'main.js' },
      main: 'main.js',
      engines: { node: '>=20.19' },
      optionalDependencies: { koffi: instruments.dependencies.koffi },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(stage, 'README.md'),
  `# sweepline ${own.version}\n\nThe Sweepline command-line program. Install: \`npm install -g sweepline-${own.version}.tgz\`\n(Node.js 20.19 or newer), then \`sweepline --help\`. Documentation: docs/cli.md of the Sweepline\nrepository, or the Guides of your Sweepline server.\n`,
);
const name = execFileSync('npm', ['pack', '--pack-destination', out, '--silent'], {
  cwd: stage,
  encoding: 'utf8',
}).trim();
// public/ for Vite's builds and dev server; a built web app too, since a cached build would not
// copy it again (npm start builds first, then packs)
const webDist = join(ROOT, 'apps/web/dist');
const folders = ownOut
  ? []
  : [join(ROOT, 'apps/web/public/dl'), ...(existsSync(webDist) ? [join(webDist, 'dl')] : [])];
for (const dl of folders) {
  mkdirSync(dl, { recursive: true });
  copyFileSync(join(out, name), join(dl, 'sweepline.tgz'));
}
console.log([join(out, name), ...folders.map((dl) => join(dl, 'sweepline.tgz'))].join('\n'));
