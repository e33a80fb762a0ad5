#!/usr/bin/env node
// Compiles a project's TypeScript to CommonJS with swc, file by file: `swc-build.mjs src dist`.
// swc keeps decorator metadata (NestJS injects by constructor types), which esbuild cannot, and
// is far quicker than tsc; type checking stays with `tsc --noEmit` (the typecheck target).
import { transformFile } from '@swc/core';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const [srcDir = 'src', outDir = 'dist'] = process.argv.slice(2);

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

rmSync(outDir, { recursive: true, force: true });
for (const file of sources(srcDir)) {
  const out = join(outDir, relative(srcDir, file)).replace(/\.tsx?$/, '.js');
  const { code, map } = await transformFile(file, {
    sourceMaps: true,
    jsc: {
      parser: { syntax: 'typescript', tsx: file.endsWith('.tsx'), decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${code}\n//# sourceMappingURL=${out.split('/').pop()}.map\n`);
  if (map) writeFileSync(`${out}.map`, map);
}
