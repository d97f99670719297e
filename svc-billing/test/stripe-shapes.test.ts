import path from 'node:path';
import Stripe from 'stripe';
import ts from 'typescript';
import { FakeStripe } from './fake-stripe';

/**
 * The local Stripe-shaped server is only worth its tests if it answers as Stripe does. Its answers are declared as the
 * SDK's own types (compiled here by tsc), and what it sends at run time is read through the real SDK and checked
 * against what the SDK's types and Stripe's rules allow.
 */
const fake = new FakeStripe();
let stripe: Stripe;

beforeAll(async () => {
  await fake.start();
  stripe = new Stripe('sk_test_shapes', {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.stop());

/** Every status the SDK's type allows a subscription to have (tsc refuses a word outside it). */
const SUBSCRIPTION_STATUSES: Stripe.Subscription.Status[] = [
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
];
const INVOICE_STATUSES: Array<NonNullable<Stripe.Invoice['status']>> = [
  'draft',
  'open',
  'paid',
  'uncollectible',
  'void',
];
const SETUP_STATUSES: Stripe.SetupIntent.Status[] = [
  'canceled',
  'processing',
  'requires_action',
  'requires_confirmation',
  'requires_payment_method',
  'succeeded',
];

async function customerAndPrice() {
  const customer = await stripe.customers.create({ email: 'shapes@example.com' });
  const price = await stripe.prices.create({
    currency: 'aud',
    unit_amount: 99,
    recurring: { interval: 'month' },
    lookup_key: `shapes-${customer.id}`,
    product_data: { name: 'shapes' },
  });
  return { customer, price };
}

describe('the local Stripe-shaped server against the SDK', () => {
  it("declares its answers as the SDK's types, and tsc accepts them", () => {
    const root = path.resolve(__dirname, '../..');
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(root, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    )!;
    const file = path.join(__dirname, 'fake-stripe.ts');
    const program = ts.createProgram([file], { ...config.options, noEmit: true, skipLibCheck: true });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 120_000);

  it('answers a trial request only as Stripe would: trialing, waiting on a SetupIntent, expanded only when asked', async () => {
    const { customer, price } = await customerAndPrice();
    const plain = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 30,
      payment_behavior: 'default_incomplete',
      metadata: { studentId: '1' },
    });
    expect(plain.object).toBe('subscription');
    expect(plain.status).toBe('trialing');
    expect(SUBSCRIPTION_STATUSES).toContain(plain.status);
    // Not expanded: ids.
    expect(typeof plain.pending_setup_intent).toBe('string');
    expect(typeof plain.latest_invoice).toBe('string');
    expect(plain.trial_end).toBeGreaterThan(plain.created);
    expect(plain.items.object).toBe('list');
    expect(typeof plain.items.data[0].current_period_end).toBe('number');
    expect(plain.metadata).toEqual({ studentId: '1' });

    const expanded = await stripe.subscriptions.retrieve(plain.id, {
      expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
    });
    const setupIntent = expanded.pending_setup_intent as Stripe.SetupIntent;
    expect(setupIntent.object).toBe('setup_intent');
    expect(SETUP_STATUSES).toContain(setupIntent.status);
    expect(setupIntent.client_secret).toMatch(new RegExp(`^${setupIntent.id}_secret_`));
    const invoice = expanded.latest_invoice as Stripe.Invoice;
    expect(invoice.object).toBe('invoice');
    expect(INVOICE_STATUSES).toContain(invoice.status);
    // The trial's first invoice is paid at nothing, so there is nothing to confirm.
    expect(invoice).toMatchObject({ status: 'paid', amount_due: 0, billing_reason: 'subscription_create' });
    expect(invoice.confirmation_secret).toBeNull();
    expect(invoice.parent?.subscription_details?.subscription).toBe(plain.id);

    // Includable fields are absent unless expanded.
    const bare = await stripe.invoices.retrieve(invoice.id!);
    expect(bare).not.toHaveProperty('confirmation_secret');
    expect(bare).not.toHaveProperty('payments');
  });

  it('answers the other requests with the states Stripe gives them', async () => {
    const { customer, price } = await customerAndPrice();
    const base = {
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete' as const,
      expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
    };
    // No trial, something to pay, no card: incomplete, the open first invoice waits on a PaymentIntent.
    const paying = await stripe.subscriptions.create(base);
    expect(paying.status).toBe('incomplete');
    expect(paying.pending_setup_intent).toBeNull();
    const invoice = paying.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    expect(invoice.confirmation_secret).toMatchObject({ type: 'payment_intent', client_secret: expect.any(String) });

    // Nothing to pay (a 100% coupon): active at once, a SetupIntent collects the card for later.
    await stripe.coupons.create({ id: `free-${customer.id}`, percent_off: 100, duration: 'forever' });
    const free = await stripe.subscriptions.create({ ...base, discounts: [{ coupon: `free-${customer.id}` }] });
    expect(free.status).toBe('active');
    expect((free.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect((free.pending_setup_intent as Stripe.SetupIntent).status).toBe('requires_payment_method');

    // A card on file: paid at once, nothing to confirm.
    fake.giveCardOnFile(customer.id);
    const onFile = await stripe.subscriptions.create(base);
    expect(onFile.status).toBe('active');
    expect(onFile.pending_setup_intent).toBeNull();
    expect((onFile.latest_invoice as Stripe.Invoice).confirmation_secret).toBeNull();

    // Listing by customer sees all of them, newest first, in any status when asked for all.
    const listed = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(listed.data.map((s) => s.id)).toEqual(expect.arrayContaining([paying.id, free.id, onFile.id]));
    for (const s of listed.data) expect(SUBSCRIPTION_STATUSES).toContain(s.status);
  });

  it('moves subscriptions only along Stripe paths, and answers as Stripe for what it does not have', async () => {
    const { customer, price } = await customerAndPrice();
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 30,
      payment_behavior: 'default_incomplete',
    });
    // A trial whose card was saved and made its default is paid at its end; an active one never becomes unpaid
    // before past_due. The SetupIntent's success alone sets no default.
    const setup = fake.confirmSetup(trial.id);
    expect((await stripe.subscriptions.retrieve(trial.id)).default_payment_method).toBeNull();
    const card = (await stripe.setupIntents.retrieve(setup)).payment_method as string;
    await stripe.subscriptions.update(trial.id, { default_payment_method: card });
    expect(fake.endTrial(trial.id)).toBe('active');
    expect(() => fake.endTrial(trial.id)).toThrow();
    expect(() => fake.markUnpaid(trial.id)).toThrow();
    fake.renew(trial.id, 'action');
    const held = await stripe.subscriptions.retrieve(trial.id, { expand: ['latest_invoice.payments'] });
    expect(held.status).toBe('past_due');
    const payment = (held.latest_invoice as Stripe.Invoice).payments!.data[0].payment;
    const intent = await stripe.paymentIntents.retrieve(payment.payment_intent as string);
    expect(intent.status).toBe('requires_action');

    const missing = await stripe.subscriptions.retrieve('sub_missing').catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((missing as InstanceType<typeof Stripe.errors.StripeInvalidRequestError>).code).toBe('resource_missing');

    // A succeeded SetupIntent cannot be canceled.
    const setupIntent = trial.pending_setup_intent as string;
    const refused = await stripe.setupIntents.cancel(setupIntent).catch((err: unknown) => err);
    expect((refused as InstanceType<typeof Stripe.errors.StripeInvalidRequestError>).code).toBe(
      'setup_intent_unexpected_state',
    );
  });
});
