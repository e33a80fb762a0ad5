// Shared Jest settings: swc transforms TypeScript (decorators on, for NestJS), and each project
// writes a JSON summary to .reports/ that tools/test-all.mjs totals into one line.
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  reporters: ['default', require.resolve('./tools/jest-summary-reporter.js')],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swcTransform },
  // Libraries are tested from source, so no test ever needs a build first.
  moduleNameMapper: { '^@sweepline/(domain|instruments|testing|ui)$': `${__dirname}/libs/$1/src/index.ts` },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  // tools/boundaries.spec.ts writes lint probes (lint-probe-*.spec.ts) into projects for a moment:
  // a test run going on at the same time must not take them for specs.
  testPathIgnorePatterns: ['/node_modules/', '/lint-probe-'],
  coverageDirectory: '<rootDir>/coverage',
  coverageReporters: ['text-summary', 'lcov'],
  collectCoverageFrom: ['src/**/*.{ts,tsx}', '!src/**/*.spec.{ts,tsx}', '!src/**/index.ts'],
};
