// Every service's and lib's unit specs in one Jest run (`npx jest`, and `npm test -- unit`): one project, so
// jest-light-runner runs them all in one Node process, the fastest way on two cores (ADR 0014). Each project's own
// `jest.config.cjs` runs just its specs (`npx nx test <project>`).
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const projects = ['libs', 'services'].flatMap((group) =>
  readdirSync(path.join(__dirname, group))
    .map((name) => path.join(__dirname, group, name))
    .filter((dir) => existsSync(path.join(dir, 'jest.config.cjs'))),
);

const { unit, staleTests } = require('./jest.preset.cjs');

module.exports = {
  ...unit(__dirname),
  displayName: 'unit',
  testMatch: ['**/dist/**/*.spec.js'],
  roots: projects.map((dir) => path.join(dir, 'dist')),
  testPathIgnorePatterns: ['/dist/test/', '/node_modules/', ...projects.flatMap(staleTests)],
};
