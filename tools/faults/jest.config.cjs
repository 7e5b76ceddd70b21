// The fault suite: runs against the fault stack `npm test -- faults` starts (tools/stack/faults.ts), one
// file after another in path order: each file injects faults (kill -9, SIGSTOP, Redis paused) into that one stack.
// TypeScript through tsx (`NODE_OPTIONS=--import=tsx`), like the tools' specs (ADR 0014).
const path = require('node:path');

module.exports = {
  displayName: 'faults',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.test.ts'],
  runner: 'jest-light-runner',
  testSequencer: path.join(__dirname, '..', 'jest', 'path-order-sequencer.cjs'),
};
