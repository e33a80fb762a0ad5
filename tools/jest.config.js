module.exports = {
  ...require('../jest.preset.js'),
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
