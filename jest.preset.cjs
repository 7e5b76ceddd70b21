// Jest settings shared by every service and lib (ADR 0014). Tests run over the build's output in dist/ (swc, ADR 0074; decorator
// metadata exactly as production runs it, no transform) with jest-light-runner: plain Node, no vm sandbox, so
// values from Node's own APIs (fetch, fs) compare as they do in production.
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * Compiled tests whose source has been moved or deleted: the build leaves their old output in dist/ (and Nx's cache keeps
 * it), and they must not run again from there. `dist/test/x.test.js` comes from `test/x.test.ts`, `dist/x.spec.js` from
 * `x.spec.ts` or `src/x.spec.ts`.
 */
const staleTests = (dir) => {
  const dist = path.join(dir, 'dist');
  if (!existsSync(dist)) return [];
  return (
    readdirSync(dist, { recursive: true })
      .map(String)
      .filter((file) => /\.(spec|test)\.js$/.test(file) && !file.split(path.sep).includes('node_modules'))
      // A project whose tsconfig has rootDir "src" compiles src/x.spec.ts to dist/x.spec.js.
      .filter((file) => ![dir, path.join(dir, 'src')].some((root) => existsSync(path.join(root, file.replace(/\.js$/, '.ts')))))
      .map((file) => `${path.join(dist, file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  );
};

const base = (dir) => ({
  displayName: path.basename(dir),
  rootDir: dir,
  roots: ['<rootDir>/dist'],
  runner: 'jest-light-runner',
});

/** Unit specs: `src/**\/*.spec.ts`, compiled next to the code (a lib without `test/` compiles `src` straight into dist/). */
const unit = (dir) => ({ ...base(dir), testMatch: ['<rootDir>/dist/**/*.spec.js'], testPathIgnorePatterns: ['/dist/test/', ...staleTests(dir)] });

/** Integration tests: `test/**\/*.test.ts`, against the test stack's real servers (started by `npm test`). */
const integration = (dir) => ({
  ...base(dir),
  displayName: `${path.basename(dir)}:integration`,
  testMatch: ['<rootDir>/dist/test/**/*.test.js'],
  testPathIgnorePatterns: ['/node_modules/', ...staleTests(dir)],
  testSequencer: path.join(__dirname, 'tools', 'jest', 'path-order-sequencer.cjs'),
});

module.exports = { unit, integration, staleTests };
