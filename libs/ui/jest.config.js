module.exports = require('./jest.web.js');
