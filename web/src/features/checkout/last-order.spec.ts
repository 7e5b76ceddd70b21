import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LAST_ORDER_KEY, orderToShow, parseStripeReturn, readLastOrder, saveLastOrder, type LastOrder } from './last-order';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const saved: LastOrder = { orderNumber: 'KM-7Q2M9XKD', email: 'lydia@example.com', paymentIntentId: 'pi_123' };

describe('the last order in sessionStorage', () => {
  it('reads back what was saved', () => {
    const storage = memoryStorage();
    saveLastOrder(saved, storage);
    assert.deepEqual(readLastOrder(storage), saved);
  });

  it('reads nothing, malformed JSON or a wrong order number as no order', () => {
    const storage = memoryStorage();
    assert.equal(readLastOrder(storage), null);
    storage.map.set(LAST_ORDER_KEY, '{not json');
    assert.equal(readLastOrder(storage), null);
    storage.map.set(LAST_ORDER_KEY, JSON.stringify({ ...saved, orderNumber: 'KM-1234' }));
    assert.equal(readLastOrder(storage), null);
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    assert.doesNotThrow(() => saveLastOrder(saved, broken));
    assert.equal(readLastOrder(broken), null);
  });
});

describe("Stripe's redirect back", () => {
  it('parses payment_intent and redirect_status', () => {
    assert.deepEqual(parseStripeReturn(new URLSearchParams('payment_intent=pi_123&payment_intent_client_secret=s&redirect_status=succeeded')), {
      paymentIntentId: 'pi_123',
      redirectStatus: 'succeeded',
    });
    assert.equal(parseStripeReturn(new URLSearchParams('')), null);
  });

  it('shows the saved order for its own payment or a plain visit, not for another payment', () => {
    assert.equal(orderToShow(saved, null), saved);
    assert.equal(orderToShow(saved, { paymentIntentId: 'pi_123', redirectStatus: 'succeeded' }), saved);
    assert.equal(orderToShow(saved, { paymentIntentId: 'pi_other', redirectStatus: 'succeeded' }), null);
    assert.equal(orderToShow(null, null), null);
  });
});
