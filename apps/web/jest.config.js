// Two Jest projects in one run, so the one summary in .reports/ counts both (tools/test-all.mjs):
// component tests under jsdom with msw answering the calls, and the browser end-to-end tests
// (e2e/), which drive the built app and API in Debian's chromium.
const web = require('../../libs/ui/jest.web.js');

const { reporters, coverageDirectory, coverageReporters, collectCoverageFrom, ...project } = web;

module.exports = {
  testTimeout: project.testTimeout,
  // Two files at a time, as the API's: this target is CI's long pole (it waits for the web app's
  // and the API's builds, then runs some 500 s of component tests and 1,000-1,500 s of browser
  // tests), and an e2e file spends much of its time waiting on the browser and the API, which a
  // component file beside it fills (docs/performance/history/ci.md)
  maxWorkers: 2,
  reporters,
  coverageDirectory,
  coverageReporters,
  collectCoverageFrom: [...collectCoverageFrom, '!src/main.tsx'],
  projects: [
    {
      ...project,
      displayName: 'components',
      rootDir: __dirname,
      setupFilesAfterEnv: [...project.setupFilesAfterEnv, '<rootDir>/test/msw-setup.ts'],
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      transform: project.transform,
      moduleFileExtensions: project.moduleFileExtensions,
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      // the API's data folders, migrated and seeded once per run for every file to copy
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
    },
  ],
};
