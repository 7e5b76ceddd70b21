/** Spec §5 Marketshare: firstName, lastName, email required; phone and referral code optional. */
export interface SignupFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  referralCode: string;
}

export const emptySignupForm = (referralCode = ''): SignupFormValues => ({ firstName: '', lastName: '', email: '', phone: '', referralCode });

/** What the page keeps across Stripe's redirect (3-D Secure and the like), so it can finish joining when it returns. */
export interface PendingSignup {
  form: SignupFormValues;
  subscriptionId: string;
  customerId: string;
}

const PENDING_KEY = 'km-marketshare-pending';

export function savePendingSignup(pending: PendingSignup, storage: Pick<Storage, 'setItem'> = sessionStorage) {
  storage.setItem(PENDING_KEY, JSON.stringify(pending));
}

export function takePendingSignup(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): PendingSignup | null {
  const raw = storage.getItem(PENDING_KEY);
  storage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as PendingSignup;
    return parsed?.form && parsed.subscriptionId && parsed.customerId ? parsed : null;
  } catch {
    return null;
  }
}
