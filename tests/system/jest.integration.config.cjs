// The cross-service system tests (ADR 0014): the gateway with the services behind it, run through
// `npm test -- integration`; each service's own tests stay beside it.
const { integration } = require('../../jest.preset.cjs');

module.exports = { ...integration(__dirname), displayName: 'system:integration', testMatch: ['<rootDir>/dist/**/*.test.js'] };
