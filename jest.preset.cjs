// Jest settings shared by every service and lib (ADR 0014). Tests run over the `tsc` output in dist/ (decorator
// metadata exactly as production runs it, no transform) with jest-light-runner: plain Node, no vm sandbox, so
// values from Node's own APIs (fetch, fs) compare as they do in production.
const path = require('node:path');

const base = (dir) => ({
  displayName: path.basename(dir),
  rootDir: dir,
  roots: ['<rootDir>/dist'],
  runner: 'jest-light-runner',
});

/** Unit specs: `src/**\/*.spec.ts`, compiled next to the code (a lib without `test/` compiles `src` straight into dist/). */
const unit = (dir) => ({ ...base(dir), testMatch: ['<rootDir>/dist/**/*.spec.js'], testPathIgnorePatterns: ['/dist/test/'] });

/** Integration tests: `test/**\/*.test.ts`, against the test stack's real servers (started by `npm test`). */
const integration = (dir) => ({
  ...base(dir),
  displayName: `${path.basename(dir)}:integration`,
  testMatch: ['<rootDir>/dist/test/**/*.test.js'],
  testSequencer: path.join(__dirname, 'tools', 'jest', 'path-order-sequencer.cjs'),
});

module.exports = { unit, integration };
