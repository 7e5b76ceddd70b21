import assert from 'node:assert/strict';
import { z } from 'zod';
import { mailEnv, mailSettingsFromEnv } from './mail-env';
import { isPermanentSmtpFailure, mailBackoff } from './mail.service';

test("a mail worker's lock (how soon a killed worker's mail goes to another): BullMQ's 30 s unless MAIL_LOCK_MS sets it", () => {
  const lockMs = (env: Record<string, string>) => mailSettingsFromEnv(z.object(mailEnv).parse(env)).lockMs;
  assert.equal(lockMs({}), 30_000);
  assert.equal(lockMs({ MAIL_LOCK_MS: '5000' }), 5000);
  assert.equal(z.object(mailEnv).safeParse({ MAIL_LOCK_MS: '500' }).success, false);
});

test('mail retries back off exponentially from the base delay and stop growing at the cap', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => mailBackoff(n, 1000, 10_000)),
    [1000, 2000, 4000, 8000, 10_000],
  );
  assert.equal(mailBackoff(40, 2000, 600_000), 600_000);
});

test('a 5xx from the receiving server is permanent (bounced, never retried); a 4xx or a lost connection is retried (ADR 0072)', () => {
  const smtpError = (responseCode?: number) => Object.assign(new Error('refused'), responseCode === undefined ? {} : { responseCode });
  assert.deepEqual(
    [550, 554, 500, 451, 421, undefined].map((code) => isPermanentSmtpFailure(smtpError(code))),
    [true, true, true, false, false, false],
  );
  assert.equal(isPermanentSmtpFailure(undefined), false);
  assert.equal(isPermanentSmtpFailure(Object.assign(new Error('x'), { responseCode: '550' })), false);
});
