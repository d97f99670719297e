import { act, render, screen } from '@testing-library/react';
import { TOASTS } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import { loadStripeWithTimeout } from '../src/features/subscription/utils/loadStripeWithTimeout';
import { toastTexts } from './render';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => new Promise(() => {})) }));

// Imported after the mock so the form uses the Stripe.js that never arrives.
import StripePaymentForm from '../src/features/subscription/components/StripePaymentForm';

beforeEach(() => resetToasts());

describe('loading Stripe.js', () => {
  it('gives up after the time-out when the script never arrives', async () => {
    jest.useFakeTimers();
    try {
      const loading = loadStripeWithTimeout('pk_test_x', 10_000, () => new Promise(() => {}));
      const outcome = loading.then(
        () => 'loaded',
        (e: Error) => e.message,
      );
      await jest.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe('Stripe.js did not load in time');
    } finally {
      jest.useRealTimers();
    }
  });

  it('resolves with Stripe when it loads, and fails when the loader has none', async () => {
    const stripe = { elements: jest.fn() } as never;
    await expect(loadStripeWithTimeout('pk_test_x', 1000, async () => stripe)).resolves.toBe(stripe);
    await expect(loadStripeWithTimeout('pk_test_x', 1000, async () => null)).rejects.toThrow(
      'Stripe.js is not available',
    );
  });

  it('tells the parent plainly, with a retry, when the payment form cannot load', async () => {
    jest.useFakeTimers();
    try {
      render(
        <StripePaymentForm
          publishableKey="pk_test_x"
          clientSecret="seti_x"
          type="setup"
          submitLabel="Subscribe for $0.99/month"
          onSuccess={() => {}}
        />,
      );
      expect(screen.getByRole('status').textContent).toContain('Loading the secure payment form');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.stripeLoadFailed}`]);
      expect(screen.getByText('Payment form unavailable')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});
