// Writes each project's test totals to <project>/.reports/jest.json, which tools/test-all.mjs
// adds up into the one closing line "N passed, N failed".
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = join(this.rootDir, '.reports');
    mkdirSync(dir, { recursive: true });
    const { numPassedTests, numFailedTests, numTotalTests, numFailedTestSuites, numRuntimeErrorTestSuites } =
      results;
    writeFileSync(
      join(dir, 'jest.json'),
      JSON.stringify({
        numPassedTests,
        numFailedTests,
        numTotalTests,
        numFailedTestSuites,
        numRuntimeErrorTestSuites,
      }),
    );
  }
}

module.exports = SummaryReporter;
