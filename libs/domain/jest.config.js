// spec issue 3: line coverage of the domain is enforced at 95%.
module.exports = {
  ...require('../../jest.preset.js'),
  coverageThreshold: { global: { lines: 95 } },
};
