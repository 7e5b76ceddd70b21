import assert from 'node:assert/strict';
import { firstLine, tapFailures } from './test-report';

// What node's test runner wrote (v20) for a file that threw while loading, a failed assertion, a suite failed by its
// subtest and a file killed by a signal, cut to the lines that matter.
const tap = `TAP version 13
# Subtest: passes
ok 1 - passes
  ---
  duration_ms: 23.4
  ...
# /work/main/web/src/crash.spec.ts:2
# throw new Error('boom at load');
#       ^
# Error: boom at load
#     at <anonymous> (/work/main/web/src/crash.spec.ts:2:7)
# Node.js v20.20.2
# Subtest: /work/main/web/src/crash.spec.ts
not ok 2 - /work/main/web/src/crash.spec.ts
  ---
  duration_ms: 235.9
  location: '/work/main/web/src/crash.spec.ts:1:1'
  failureType: 'testCodeFailure'
  exitCode: 1
  signal: ~
  error: 'test failed'
  code: 'ERR_TEST_FAILURE'
  ...
# Subtest: prices
    # Subtest: rounds half up
    not ok 1 - rounds half up
      ---
      duration_ms: 2.3
      location: '/work/main/web/src/price.spec.ts:3:26'
      failureType: 'testCodeFailure'
      error: |-
        Expected values to be strictly equal:
        
        1 !== 2
        
      code: 'ERR_ASSERTION'
      ...
    1..1
not ok 3 - prices
  ---
  duration_ms: 3.1
  type: 'suite'
  location: '/work/main/web/src/price.spec.ts:1:1'
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  code: 'ERR_TEST_FAILURE'
  ...
# Subtest: /work/main/web/src/killed.spec.ts
not ok 4 - /work/main/web/src/killed.spec.ts
  ---
  duration_ms: 900.2
  location: '/work/main/web/src/killed.spec.ts:1:1'
  failureType: 'testCodeFailure'
  exitCode: ~
  signal: 'SIGKILL'
  error: 'test failed'
  code: 'ERR_TEST_FAILURE'
  ...
1..4
# tests 4
# pass 1
# fail 3
`;

test('names each failed test with its file and why; a file that failed as a whole with how it ended and the error it printed; never a suite failed only by its subtests', () => {
  assert.deepEqual(tapFailures(tap, '/work/main/web'), [
    'src/crash.spec.ts: exited with 1: Error: boom at load',
    'src/price.spec.ts › rounds half up: Expected values to be strictly equal:',
    'src/killed.spec.ts: killed by SIGKILL',
  ]);
});

test('a jest failure says its first line of why, not the test’s title after its describe blocks, nor a stack frame', () => {
  const title = 'two refunds at once: one succeeds';
  const message = `refunds never exceed what was paid > ${title}\n\n    at Object.<anonymous> (tests/x.test.ts:3:5)\nAssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n11 !== 12\n`;
  assert.equal(firstLine(message, title), 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:');
  assert.equal(firstLine(`${title}\nError: boom`, title), 'Error: boom');
  assert.equal(firstLine('', title), '');
});
