// Integration tests of this project against the test stack (ADR 0014): run through `npm test -- integration`.
module.exports = require('../../jest.preset.cjs').integration(__dirname);
