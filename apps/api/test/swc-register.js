// Runs the API's TypeScript in a child Node process, compiled on load the way Jest compiles it
// (swc keeps the decorator metadata NestJS and TypeORM need): `node -r ./test/swc-register.js x.ts`.
// Tests use it for scripts that must run as their own process (create-admin's embedded database).
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '../../..');
const libraries = /^@sweepline\/(domain|instruments|ui)$/;

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const library = libraries.exec(request);
  return resolve.call(this, library ? join(root, 'libs', library[1], 'src/index.ts') : request, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
