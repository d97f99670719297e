import { loadBillingConfig } from '../src/config';
import { isLiveAtProvider, nextStepFor, studentStatusFor, studentSubscriptionEnded } from '../src/subscriptions/status';

describe('billing configuration', () => {
  it('uses the simulated provider by default, with a signing secret of its own', () => {
    const a = loadBillingConfig({ NODE_ENV: 'development' });
    const b = loadBillingConfig({ NODE_ENV: 'development' });
    expect(a.STRIPE_SECRET_KEY).toBeUndefined();
    expect(a.SIMULATED_WEBHOOK_SECRET).toMatch(/^whsec_simulated_[0-9a-f]{48}$/);
    expect(a.SIMULATED_WEBHOOK_SECRET).not.toBe(b.SIMULATED_WEBHOOK_SECRET);
  });

  it('treats empty values as unset and reads the Stripe connection settings', () => {
    const config = loadBillingConfig({
      STRIPE_SECRET_KEY: '',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
    expect(() => loadBillingConfig({ STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });

  it('refuses to start in production without the Stripe secrets', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY must be set in production/,
    );
    expect(() =>
      loadBillingConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      loadBillingConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      }).STRIPE_SECRET_KEY,
    ).toBe('sk_live_x');
  });
});

describe('status mapping', () => {
  it.each([
    ['active', false, 'active'],
    ['trialing', true, 'active'],
    ['trialing', false, 'incomplete'],
    // Stripe still retries the renewal (or waits for the bank): a grace period, logging goes on.
    ['past_due', true, 'active'],
    ['canceled', true, 'canceled'],
    ['incomplete', false, 'incomplete'],
    ['incomplete_expired', false, 'inactive'],
    // Still at Stripe: owed (unpaid) or waiting for a card (a paused trial), never ended.
    ['unpaid', true, 'past_due'],
    ['paused', false, 'incomplete'],
    ['something_new', true, 'inactive'],
  ])('%s (payment method saved: %s) → %s', (provider, saved, expected) => {
    expect(studentStatusFor(provider, saved)).toBe(expected);
  });

  it('treats paused, unpaid and incomplete as live at the provider, with what the parent must do', () => {
    for (const live of ['trialing', 'active', 'past_due', 'incomplete', 'paused', 'unpaid'])
      expect(isLiveAtProvider(live)).toBe(true);
    for (const over of ['canceled', 'incomplete_expired', '', undefined, null])
      expect(isLiveAtProvider(over)).toBe(false);
    expect(studentSubscriptionEnded({ subscriptionStatus: 'incomplete', providerStatus: 'paused' })).toBe(false);
    expect(studentSubscriptionEnded({ subscriptionStatus: 'past_due', providerStatus: 'unpaid' })).toBe(false);
    expect(studentSubscriptionEnded({ subscriptionStatus: 'canceled', providerStatus: 'canceled' })).toBe(true);
    expect(studentSubscriptionEnded({ subscriptionStatus: 'inactive' })).toBe(true);
    expect(nextStepFor('paused', false)).toBe('payment_needed');
    expect(nextStepFor('unpaid', false)).toBe('payment_needed');
    expect(nextStepFor('past_due', false)).toBe('payment_needed');
    expect(nextStepFor('past_due', true)).toBe('confirm_payment');
    expect(nextStepFor('active', false)).toBeNull();
    expect(nextStepFor('canceled', true)).toBeNull();
  });
});
