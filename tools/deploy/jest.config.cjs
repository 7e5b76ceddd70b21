// The deploy stage's checks (ADR 0068): they run against the containers `npm test -- deploy` starts from the images it
// built (tools/deploy/deploy-stage.ts). TypeScript through tsx, like the tools' specs (ADR 0014).
module.exports = {
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.test.ts'],
  runner: 'jest-light-runner',
};
