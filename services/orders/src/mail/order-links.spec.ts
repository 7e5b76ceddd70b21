import assert from 'node:assert/strict';
import { isOrderLinkKey, orderLinkKey, orderLinkSettings, orderPageLink, useOrderLinkSettings } from './order-links';

const SECRET = 'Vq3n8Zr1Lx6Tb0Pw4Ys7Hd2Kc9Mf5Ja8';
const ORDER = { id: '5d0c7a43-93c2-4b7e-8f0e-6a1d2c3b4a59', orderNumber: 'KM-7Q2M9XKD' };

test("a link's key is 43 base64url characters, verifies for its order only, and not under another secret", () => {
  const key = orderLinkKey(ORDER.id, SECRET);
  assert.match(key, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(isOrderLinkKey(ORDER.id, key, SECRET), true);
  assert.equal(isOrderLinkKey('5d0c7a43-93c2-4b7e-8f0e-6a1d2c3b4a5a', key, SECRET), false);
  assert.equal(isOrderLinkKey(ORDER.id, key, `${SECRET}x`), false);
  assert.equal(isOrderLinkKey(ORDER.id, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, SECRET), false);
  assert.equal(isOrderLinkKey(ORDER.id, key.slice(0, 20), SECRET), false);
  assert.equal(isOrderLinkKey(ORDER.id, '', SECRET), false);
});

test('the link is the site, the order number in the path and the key in the fragment (never sent to a server)', () => {
  const before = orderLinkSettings();
  useOrderLinkSettings({ origin: 'https://kingdom.example', secret: SECRET });
  try {
    assert.equal(orderPageLink(ORDER), `https://kingdom.example/orders/KM-7Q2M9XKD#key=${orderLinkKey(ORDER.id, SECRET)}`);
  } finally {
    useOrderLinkSettings(before);
  }
});
