import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { visitorHash } from './visitor';

const KEY = 'a-key-of-at-least-thirty-two-characters';

test('the visitor is an HMAC-SHA-256 of network and user agent: the same /64 and agent are one visitor, another agent another', () => {
  const a = visitorHash(KEY, '2001:db8:1:2::1', 'App/1');
  assert.equal(a, createHmac('sha256', KEY).update('2001:db8:1:2::/64\nApp/1').digest('hex'));
  assert.equal(visitorHash(KEY, '2001:db8:1:2:ffff::9', 'App/1'), a);
  assert.notEqual(visitorHash(KEY, '2001:db8:1:2::1', 'App/2'), a);
  assert.notEqual(visitorHash(KEY, '2001:db8:1:3::1', 'App/1'), a);
});

test('without the key the hash cannot be recomputed: a plain sha-256 of the same text, or another key, gives another value', () => {
  const a = visitorHash(KEY, '203.0.113.7', 'App/1');
  assert.notEqual(createHash('sha256').update('203.0.113.7\nApp/1').digest('hex'), a);
  assert.notEqual(visitorHash(`${KEY}-rotated`, '203.0.113.7', 'App/1'), a);
});
