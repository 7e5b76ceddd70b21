import assert from 'node:assert/strict';
import { networkOf, visitorHash } from './visitor';

test('an IPv6 address is reduced to its /64, however it is written', () => {
  assert.equal(networkOf('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  assert.equal(networkOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
  assert.equal(networkOf('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(networkOf('::1'), '0:0:0:0::/64');
});

test('an IPv4 address, also as an IPv4-mapped IPv6 address, stays whole', () => {
  assert.equal(networkOf('203.0.113.7'), '203.0.113.7');
  assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113.7');
});

test('the visitor is a sha-256 of network and user agent: the same /64 and agent are one visitor, another agent another', () => {
  const a = visitorHash('2001:db8:1:2::1', 'App/1');
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.equal(visitorHash('2001:db8:1:2:ffff::9', 'App/1'), a);
  assert.notEqual(visitorHash('2001:db8:1:2::1', 'App/2'), a);
  assert.notEqual(visitorHash('2001:db8:1:3::1', 'App/1'), a);
});
