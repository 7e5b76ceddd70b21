import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptySignupForm, savePendingSignup, takePendingSignup } from './signup-form';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

describe('signup form', () => {
  it('starts empty, with the ?ref= code pre-filled', () => {
    assert.deepEqual(emptySignupForm('7Q2M9XKD'), { firstName: '', lastName: '', email: '', phone: '', referralCode: '7Q2M9XKD' });
  });

  it('keeps a pending signup across the payment redirect once, and ignores garbage', () => {
    const storage = memoryStorage();
    const pending = { form: emptySignupForm(), subscriptionId: 'sub_1', customerId: 'cus_1' };
    savePendingSignup(pending, storage);
    assert.deepEqual(takePendingSignup(storage), pending);
    assert.equal(takePendingSignup(storage), null);
    storage.setItem('km-marketshare-pending', '{not json');
    assert.equal(takePendingSignup(storage), null);
  });
});
