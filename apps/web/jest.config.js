// No tests yet: this project is an empty shell until its issue lands.
module.exports = { ...require('../../jest.preset.js'), passWithNoTests: true };
