module.exports = {
  ...require('../jest.preset.js'),
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: require('../jest.preset.js').testPathIgnorePatterns,
};
