const preset = require('../../jest.preset.js');

// Unit tests beside the code; e2e/ drives the built program against the built API (docs/cli.md).
module.exports = {
  ...preset,
  testMatch: [...preset.testMatch, '<rootDir>/e2e/**/*.e2e-spec.ts'],
};
