// The tools' specs (deploy, generators, lint, mail, stack, Stripe emulator; ADR 0014). They are not compiled by tsc: their test
// script loads tsx into Node (`NODE_OPTIONS=--import=tsx`), which jest-light-runner's workers inherit.
module.exports = {
  displayName: 'tools',
  rootDir: __dirname,
  roots: ['<rootDir>/deploy', '<rootDir>/generators', '<rootDir>/lint', '<rootDir>/mail', '<rootDir>/stack', '<rootDir>/stripe-emulator'],
  testMatch: ['**/*.spec.ts'],
  runner: 'jest-light-runner',
};
