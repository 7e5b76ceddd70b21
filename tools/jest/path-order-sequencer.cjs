// Runs a project's integration test files in path order, as node:test did. The gateway's files share the test
// stack's Redis, where sign-in budgets per address (127.0.0.1 for all of them) last 15 minutes: auth.test runs first,
// before the other files' admin sign-ins have spent the loopback address's budget.
const Sequencer = require('@jest/test-sequencer').default;

class PathOrderSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

module.exports = PathOrderSequencer;
