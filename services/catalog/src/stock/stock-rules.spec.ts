import { itemFieldsSchema, reserveStockSchema } from '@km/contracts';
import assert from 'node:assert/strict';
import { comesBack, manualChange, outOfStockMessage, stockView } from './stock-rules';

// ADR 0032's pure rules.

test('a tracked product is in stock while a unit is available; an untracked one keeps the form flag', () => {
  assert.deepEqual(stockView(3, false), { inStock: true, stockQuantity: 3, lowStock: true });
  assert.deepEqual(stockView(0, true), { inStock: false, stockQuantity: 0, lowStock: false });
  assert.deepEqual(stockView(6, true), { inStock: true, stockQuantity: 6, lowStock: false });
  assert.deepEqual(stockView(5, true), { inStock: true, stockQuantity: 5, lowStock: true });
  assert.deepEqual(stockView(null, true), { inStock: true, stockQuantity: null, lowStock: false });
  assert.deepEqual(stockView(null, false), { inStock: false, stockQuantity: null, lowStock: false });
});

test("an admin's save applies only the change from the count the form showed", () => {
  assert.deepEqual(manualChange(3, 10, 5), { delta: 5 }, 'showed 5, two sold meanwhile, admin typed 10: +5 on the 3 left');
  assert.equal(manualChange(3, 5, 5), null, 'unchanged field: units sold meanwhile are not put back');
  assert.deepEqual(manualChange(3, 7, undefined), { set: 7 }, 'no count shown: set as given');
  assert.deepEqual(manualChange(null, 4, undefined), { set: 4 }, 'tracking starts');
  assert.deepEqual(manualChange(4, null, 4), { set: null }, 'tracking stops');
  assert.equal(manualChange(4, undefined, undefined), null, 'absent keeps what is stored');
  assert.equal(manualChange(null, null, undefined), null);
});

test('"Email me when it\'s back" fires only when stock comes back from none', () => {
  assert.equal(comesBack(0, 1), true);
  assert.equal(comesBack(1, 2), false);
  assert.equal(comesBack(0, 0), false);
});

test('the refusal names the product and what is left, and says the buyer was not charged', () => {
  assert.equal(
    outOfStockMessage([{ name: 'Lamp', asked: 1, available: 0 }]),
    '"Lamp" just sold out. Remove it from your cart to continue. You have not been charged.',
  );
  assert.equal(
    outOfStockMessage([{ name: 'Lamp', asked: 3, available: 1 }]),
    'Only 1 of "Lamp" is left and your cart has 3. Change your cart to continue. You have not been charged.',
  );
  assert.equal(
    outOfStockMessage([
      { name: 'A', asked: 1, available: 0 },
      { name: 'B', asked: 2, available: 0 },
    ]),
    '"A" just sold out. "B" just sold out. Remove them from your cart to continue. You have not been charged.',
  );
});

const form = (stockQuantity?: string, stockQuantityWas?: string) =>
  itemFieldsSchema.safeParse({ name: 'Lamp', price: '10', description: 'Lamp.', category: 'Gifts', stockQuantity, stockQuantityWas });

test('the form takes a whole count from 0 to 1000000, empty for not tracked, absent to keep', () => {
  assert.equal(form('0').data?.stockQuantity, 0);
  assert.equal(form(' 12 ').data?.stockQuantity, 12);
  assert.equal(form('1000000').data?.stockQuantity, 1_000_000);
  assert.equal(form('').data?.stockQuantity, null);
  assert.equal(form(undefined).success, true);
  assert.equal(form(undefined).data?.stockQuantity, undefined);
  assert.equal(form('7', '5').data?.stockQuantityWas, 5);
});

for (const hostile of ['-1', '1.5', '1000001', '99999999999', 'abc', '1e3', '0x10', ' - 2', 'NaN', 'Infinity']) {
  test(`the form refuses stockQuantity "${hostile}" with a message a person can act on`, () => {
    const parsed = form(hostile);
    assert.equal(parsed.success, false);
    assert.equal(parsed.error!.issues[0].message, 'stockQuantity must be a whole number from 0 to 1000000, or empty when stock is not tracked');
  });
}

test('a reservation refuses fractional, negative, zero and huge quantities on the bus too', () => {
  for (const quantity of [0, -1, 1.5, 1e9, Number.NaN]) {
    assert.equal(reserveStockSchema.safeParse({ paymentIntentId: 'pi_1', lines: [{ productId: 'p', quantity }] }).success, false, String(quantity));
  }
  assert.equal(reserveStockSchema.safeParse({ paymentIntentId: 'pi_1', lines: [] }).success, false);
});
