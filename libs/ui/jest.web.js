// The Jest settings of every React project (this library and apps/web): jsdom with Node's fetch
// family, swc for TSX, msw's ESM-only dependencies transformed, stylesheets and the verification
// widget stubbed.
const preset = require('../../jest.preset.js');

const here = __dirname;

module.exports = {
  ...preset,
  testEnvironment: `${here}/test/jsdom-environment.js`,
  setupFilesAfterEnv: [`${here}/test/setup.ts`],
  // user-event drives whole forms; on a 2-core CI machine shared with the other projects' runs a
  // screen test can take several seconds, which is load, not a hang
  testTimeout: 30_000,
  transform: {
    '^.+\\.(t|m?j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.css$': `${here}/test/empty-module.js`,
    // the proof-of-work widget needs Web Workers: tests get a widget that verifies on a click
    '^altcha$': `${here}/test/altcha-stub.js`,
    '^react-chartjs-2$': `${here}/test/react-chartjs-2-stub.js`,
  },
  testMatch: ['<rootDir>/src/**/*.spec.tsx', '<rootDir>/src/**/*.spec.ts'],
};
