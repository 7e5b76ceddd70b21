import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from './api-client';

/** GET /api/config/payments: the publishable key and where Stripe.js comes from. */
export interface PaymentsConfig {
  publishableKey: string;
  /** https://js.stripe.com/… in production; the Stripe emulator's /v3/ in development and tests. */
  stripeJsUrl: string;
}

export const PAYMENTS_CONFIG_PATH = '/api/config/payments';

export async function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  const res = await fetch(PAYMENTS_CONFIG_PATH, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as PaymentsConfig;
}

const SCRIPT_TIMEOUT_MS = 20_000;
// The `/pure` entry does not declare the global that the script defines.
const hasStripeGlobal = () => typeof (window as { Stripe?: unknown }).Stripe === 'function';
const scripts = new Map<string, Promise<void>>();

/**
 * Adds Stripe.js as a classic script, once per URL, and resolves when it has defined `window.Stripe`. Which
 * script that is comes from configuration only, so production and the emulator share every line of code. A
 * failed load is forgotten (and its tag removed) so that trying again loads it afresh.
 */
export function injectStripeJs(url: string): Promise<void> {
  if (hasStripeGlobal()) return Promise.resolve();
  const pending = scripts.get(url);
  if (pending) return pending;

  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.stripeJs = '';
  const loaded = new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`Timed out loading Stripe.js from ${url}`)), SCRIPT_TIMEOUT_MS);
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      if (hasStripeGlobal()) resolve();
      else reject(new Error(`${url} loaded but did not define window.Stripe`));
    });
    script.addEventListener('error', () => {
      window.clearTimeout(timer);
      reject(new Error(`Stripe.js could not be loaded from ${url}`));
    });
  });
  loaded.catch(() => {
    scripts.delete(url);
    script.remove();
  });
  scripts.set(url, loaded);
  document.head.appendChild(script);
  return loaded;
}

/**
 * Stripe for the configured key. `loadStripe` from the `/pure` entry injects nothing by itself: it finds the
 * `window.Stripe` the configured script defined and calls it with the key.
 */
export async function loadConfiguredStripe(config: PaymentsConfig): Promise<Stripe> {
  await injectStripeJs(config.stripeJsUrl);
  const stripe = await loadStripe(config.publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available in this environment');
  return stripe;
}

/**
 * The page's Stripe instance: config, then script, then `Stripe(publishableKey)`, made once and kept. Not
 * structurally shared: the instance is a live object, not data.
 */
export const stripeQueryOptions = () =>
  queryOptions({
    queryKey: [PAYMENTS_CONFIG_PATH, 'stripe'] as const,
    queryFn: async ({ signal }) => loadConfiguredStripe(await getPaymentsConfig(signal)),
    structuralSharing: false,
    gcTime: Infinity,
  });

export const useConfiguredStripe = () => useQuery(stripeQueryOptions());
