// spec issue 3: line coverage of the domain is enforced at 95%.
module.exports = {
  ...require('../../jest.preset.js'),
  // src/testing holds fixtures for specs (here and in other projects), not product code.
  collectCoverageFrom: [...require('../../jest.preset.js').collectCoverageFrom, '!src/testing/**'],
  coverageThreshold: { global: { lines: 95 } },
};
