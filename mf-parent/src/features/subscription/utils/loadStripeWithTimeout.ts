import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const STRIPE_LOAD_TIMEOUT_MS = 10_000;

/**
 * Loads Stripe.js only when the payment form needs it (the `pure` entry adds no script at import time) and gives up
 * after a time-out, because a blocked script can leave loadStripe unsettled for ever.
 */
export async function loadStripeWithTimeout(
  publishableKey: string,
  timeoutMs: number = STRIPE_LOAD_TIMEOUT_MS,
  load: (key: string) => Promise<Stripe | null> = loadStripe,
): Promise<Stripe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Stripe.js did not load in time')), timeoutMs);
  });
  try {
    const stripe = await Promise.race([load(publishableKey), timeout]);
    if (!stripe) throw new Error('Stripe.js is not available');
    return stripe;
  } finally {
    clearTimeout(timer);
  }
}
