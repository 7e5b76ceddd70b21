import assert from 'node:assert/strict';
import { ORDER_NUMBER_PATTERN } from '@km/contracts';
import { CROCKFORD_ALPHABET, generateOrderNumber, normalizeOrderNumber } from './order-number';

test('order numbers are KM- and 8 Crockford base32 characters, never I, L, O or U', () => {
  for (let i = 0; i < 2000; i++) {
    const number = generateOrderNumber();
    assert.match(number, /^KM-[0-9A-HJKMNP-TV-Z]{8}$/);
    assert.match(number, ORDER_NUMBER_PATTERN);
    assert.doesNotMatch(number.slice(3), /[ILOU]/);
  }
});

test('the alphabet has the 32 Crockford symbols', () => {
  assert.equal(CROCKFORD_ALPHABET.length, 32);
  assert.equal(new Set(CROCKFORD_ALPHABET).size, 32);
  assert.equal(CROCKFORD_ALPHABET, '0123456789ABCDEFGHJKMNPQRSTVWXYZ');
});

test('each random byte picks the character at its low 5 bits, so every symbol is equally likely', () => {
  assert.equal(
    generateOrderNumber(() => Buffer.from([0, 1, 2, 3, 28, 29, 30, 31])),
    'KM-0123WXYZ',
  );
  assert.equal(
    generateOrderNumber(() => Buffer.from([32, 33, 255, 224, 10, 18, 22, 27])),
    'KM-01Z0AJPV',
  );
  const counts = new Map<string, number>();
  for (let i = 0; i < 4000; i++) for (const c of generateOrderNumber().slice(3)) counts.set(c, (counts.get(c) ?? 0) + 1);
  assert.equal(counts.size, 32);
  // 32,000 draws: 1,000 expected per symbol; 800–1,200 is > 6 standard deviations wide.
  for (const [symbol, n] of counts) assert.ok(n > 800 && n < 1200, `${symbol} drawn ${n} times`);
});

test('two numbers in a row differ', () => {
  assert.notEqual(generateOrderNumber(), generateOrderNumber());
});

test('typed order numbers are normalised: case, missing dash, spaces, O for 0 and I or L for 1', () => {
  assert.equal(normalizeOrderNumber('KM-7Q2M9XKD'), 'KM-7Q2M9XKD');
  assert.equal(normalizeOrderNumber('km-7q2m9xkd'), 'KM-7Q2M9XKD');
  assert.equal(normalizeOrderNumber(' KM7Q2M9XKD '), 'KM-7Q2M9XKD');
  assert.equal(normalizeOrderNumber('KM-O0IL1234'), 'KM-00111234');
});

test('strings that cannot be an order number normalise to null', () => {
  for (const bad of ['', 'KM-', 'KM-1234567', 'KM-123456789', 'XX-12345678', 'KM-UUUUUUUU', '12345678', 'KM-1234567*']) {
    assert.equal(normalizeOrderNumber(bad), null, bad);
  }
});
