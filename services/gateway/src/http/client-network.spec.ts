import assert from 'node:assert/strict';
import { networkOf } from './client-network';

test('an IPv6 address is reduced to its /64, however it is written', () => {
  assert.equal(networkOf('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  assert.equal(networkOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
  assert.equal(networkOf('2001:DB8:1:2:AAAA::'), '2001:db8:1:2::/64');
  assert.equal(networkOf('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(networkOf('::1'), '0:0:0:0::/64');
  assert.equal(networkOf('fe80::1%eth0'), 'fe80:0:0:0::/64');
});

test('two addresses in one /64 are one network; addresses in different /64s are not', () => {
  assert.equal(networkOf('2001:db8:1:2::1'), networkOf('2001:db8:1:2:ffff:ffff:ffff:fffe'));
  assert.notEqual(networkOf('2001:db8:1:2::1'), networkOf('2001:db8:1:3::1'));
});

test('an IPv4 address, also as an IPv4-mapped IPv6 address (dotted or hex), stays whole', () => {
  assert.equal(networkOf('203.0.113.7'), '203.0.113.7');
  assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(networkOf('::FFFF:203.0.113.7'), '203.0.113.7');
  assert.equal(networkOf('::ffff:cb00:7107'), '203.0.113.7');
  assert.notEqual(networkOf('203.0.113.7'), networkOf('203.0.113.8'));
});

test('anything else (no address known) is its own key', () => {
  assert.equal(networkOf('unknown'), 'unknown');
});
