// Jest global setup runs outside the module mapper, so it loads libraries from their build:
// nx builds them first (targetDefaults.test.dependsOn ^build).
// Unit specs (*.spec.ts) and integration specs (*.int-spec.ts, on the embedded PostgreSQL and on
// the server of DATABASE_URL); test/global-setup.ts starts the databases once per run.
module.exports = {
  ...require('../../jest.preset.js'),
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/src/**/*.int-spec.ts',
    '<rootDir>/test/**/*.int-spec.ts',
  ],
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.spec.ts', '!src/**/*.int-spec.ts', '!src/main.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30_000,
  // each file starts its own Nest app and database; two at a time suits a 2-core machine
  maxWorkers: 2,
};
