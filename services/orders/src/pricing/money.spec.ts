import assert from 'node:assert/strict';
import { cartTotals, formatCents, shippingFor, taxOn, toCents } from './money';

const totals = (lines: [string, number][]) => {
  const t = cartTotals(lines.map(([price, quantity]) => ({ unitCents: toCents(price), quantity })));
  return { subtotal: formatCents(t.subtotal), tax: formatCents(t.tax), shipping: formatCents(t.shipping), total: formatCents(t.total) };
};

test('amounts convert to whole cents and back without floating-point drift', () => {
  assert.deepEqual(['19.99', '0.10', '5', '5.5', '0', '9999999999.99'].map(toCents), [1999, 10, 500, 550, 0, 999_999_999_999]);
  assert.deepEqual([1999, 10, 500, 0, 5, 100_000].map(formatCents), ['19.99', '0.10', '5.00', '0.00', '0.05', '1000.00']);
  // 0.1 + 0.2 style sums stay exact.
  assert.equal(formatCents(toCents('0.10') + toCents('0.20')), '0.30');
});

test('malformed amounts are refused', () => {
  for (const bad of ['', '-1.00', '1.999', 'abc', '1,00', ' 1.00', '1e3']) assert.throws(() => toCents(bad), /not an amount/);
  assert.throws(() => formatCents(-1), /not a whole number of cents/);
  assert.throws(() => formatCents(1.5), /not a whole number of cents/);
});

test('tax is 8 % of the subtotal rounded half up to the cent', () => {
  // subtotal → subtotal × 8 % in cents: 0.06 → 0.48 → 0; 0.07 → 0.56 → 1; 23.44 → 187.52 → 188; 31.06 → 248.48 → 248
  assert.deepEqual([0, 1, 6, 7, 625, 2344, 3106, 3119, 3125, 3131].map(taxOn), [0, 0, 0, 1, 50, 188, 248, 250, 250, 250]);
  // An exact half cent cannot occur at 8 % (8·s ≡ 50 mod 100 has no whole solution), so .5 and up rounds up, below rounds down.
  assert.equal(taxOn(99_999_99), 8_00_000); // 99,999.99 → 7,999.9992 → 8,000.00
});

test('shipping is 9.99 up to and including a 50.00 subtotal and free above it', () => {
  assert.equal(shippingFor(4999), 999);
  assert.equal(shippingFor(5000), 999);
  assert.equal(shippingFor(5001), 0);
});

test('totals around the free-shipping threshold match spec §9', () => {
  assert.deepEqual(totals([['49.99', 1]]), { subtotal: '49.99', tax: '4.00', shipping: '9.99', total: '63.98' });
  assert.deepEqual(totals([['50.00', 1]]), { subtotal: '50.00', tax: '4.00', shipping: '9.99', total: '63.99' });
  assert.deepEqual(totals([['50.01', 1]]), { subtotal: '50.01', tax: '4.00', shipping: '0.00', total: '54.01' });
  assert.deepEqual(totals([['25.00', 2]]), { subtotal: '50.00', tax: '4.00', shipping: '9.99', total: '63.99' });
});

test('many lines add up to the exact cent', () => {
  // 13 lines: 0.01×99 + 0.33×3 + 19.99×7 + 1.10×9 + … ; worked out by hand below.
  const lines: [string, number][] = [
    ['0.01', 99], // 0.99
    ['0.33', 3], // 0.99
    ['19.99', 7], // 139.93
    ['1.10', 9], // 9.90
    ['12.34', 1], // 12.34
    ['0.07', 11], // 0.77
    ['3.33', 3], // 9.99
    ['99.99', 2], // 199.98
    ['0.10', 10], // 1.00
    ['7.77', 7], // 54.39
    ['45.00', 1], // 45.00
    ['0.99', 99], // 98.01
    ['2.50', 4], // 10.00
  ];
  // subtotal 583.29; tax 46.6632 → 46.66; shipping free; total 629.95
  assert.deepEqual(totals(lines), { subtotal: '583.29', tax: '46.66', shipping: '0.00', total: '629.95' });
});

const memberTotals = (lines: [string, number][]) => {
  const t = cartTotals(
    lines.map(([price, quantity]) => ({ unitCents: toCents(price), quantity })),
    5,
  );
  return {
    subtotal: formatCents(t.subtotal),
    discount: formatCents(t.discount),
    tax: formatCents(t.tax),
    shipping: formatCents(t.shipping),
    total: formatCents(t.total),
  };
};

test('a member pays 95 % of the subtotal, with tax on the discounted subtotal', () => {
  // 40.00 − 2.00 = 38.00; tax 3.04; shipping 9.99 → 51.03
  assert.deepEqual(memberTotals([['40.00', 1]]), { subtotal: '40.00', discount: '2.00', tax: '3.04', shipping: '9.99', total: '51.03' });
  // 19.99 × 5 % = 0.9995 → 1.00 (half up); 18.99 × 8 % = 1.5192 → 1.52
  assert.deepEqual(memberTotals([['19.99', 1]]), { subtotal: '19.99', discount: '1.00', tax: '1.52', shipping: '9.99', total: '30.50' });
});

test('the free-shipping threshold applies to the discounted subtotal', () => {
  // 52.00 is over 50.00 but a member pays 49.40 for the goods: shipping is charged.
  assert.deepEqual(memberTotals([['52.00', 1]]), { subtotal: '52.00', discount: '2.60', tax: '3.95', shipping: '9.99', total: '63.34' });
  // 53.00 − 2.65 = 50.35 is over 50.00: free.
  assert.deepEqual(memberTotals([['53.00', 1]]), { subtotal: '53.00', discount: '2.65', tax: '4.03', shipping: '0.00', total: '54.38' });
});

test('no discount percent leaves every total as before', () => {
  const t = cartTotals([{ unitCents: 4999, quantity: 1 }]);
  assert.deepEqual([t.discount, t.total], [0, 6398]);
});
