import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import Stripe from 'stripe';
import { unknownParameter } from './stripe-params';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
}

type Override = (req: Request, res: Response) => void;
type Obj = Record<string, unknown>;

/**
 * An SDK type with every field optional, all the way down. The answers below are declared as these: tsc refuses a
 * field the SDK does not have or a value of another type (the stripe-shapes test compiles this file).
 */
export type DeepPartial<T> =
  T extends Array<infer U> ? Array<DeepPartial<U>> : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

const id = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 14)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

/** Subscription data kept as state; answers are built from it in the API version asked for, as Stripe does. */
interface SubscriptionState {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  metadata: Record<string, string>;
  created: number;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  defaultPaymentMethod: string | null;
  pendingSetupIntent: string | null;
  latestInvoice: string | null;
  price: string;
  discounts: string[];
  /** default_tax_rates: each invoice shows the tax they include. */
  taxRates: string[];
  /** trial_settings.end_behavior.missing_payment_method as asked; Stripe's default invoices at the trial's end. */
  missingPaymentMethod: 'cancel' | 'pause' | 'create_invoice';
  /** status_details.paused.subscription.type while paused. */
  pauseCause: Stripe.Subscription.StatusDetails.Paused.Subscription.Type | null;
  pausedAt: number | null;
}

interface InvoiceState {
  id: string;
  customer: string;
  subscription: string;
  billingReason: 'subscription_create' | 'subscription_cycle';
  status: 'draft' | 'open' | 'paid' | 'void';
  amountDue: number;
  amountPaid: number;
  created: number;
  paymentIntent: string | null;
  metadata: Record<string, string>;
}

interface IntentState {
  id: string;
  object: 'setup_intent' | 'payment_intent';
  customer: string;
  status: string;
  clientSecret: string;
  paymentMethod: string | null;
  amount?: number;
  metadata?: Record<string, string>;
}

interface DisputeState {
  id: string;
  status: Stripe.Dispute.Status;
  charge: string;
  paymentIntent: string;
  amount: number;
  created: number;
}

/**
 * A local server shaped like api.stripe.com (the parts this service calls), answering in the SDK's API version. The
 * real SDK talks to it. It keeps Stripe's rules where the service depends on them:
 * - idempotency: a key's first answer (a 5xx included) is stored and replayed for the same parameters; the same key
 *   with other parameters (or on another endpoint) is refused with 400 `idempotency_error`;
 * - `expand`: related objects are ids unless expanded, and includable fields (an invoice's `confirmation_secret`,
 *   `payments`) are absent unless expanded;
 * - states: a subscription only reaches the states Stripe gives for the request made (a trial is trialing; no trial
 *   and nothing to pay is active; no trial with something to pay is incomplete until the invoice is paid).
 * Tests read what it was sent, make calls fail the way Stripe fails, and move subscriptions as Stripe would.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly subscriptionStates = new Map<string, SubscriptionState>();
  readonly invoices = new Map<string, InvoiceState>();
  readonly intents = new Map<string, IntentState>();
  readonly customers = new Map<string, DeepPartial<Stripe.Customer>>();
  readonly prices: Array<DeepPartial<Stripe.Price>> = [];
  readonly coupons = new Map<string, DeepPartial<Stripe.Coupon>>();
  readonly deletedCustomers = new Set<string>();
  readonly disputes = new Map<string, DisputeState>();
  readonly taxRates = new Map<string, DeepPartial<Stripe.TaxRate>>();
  private overrides: Array<{ method: string; path: RegExp; times: number; handle: Override }> = [];
  private after: Array<{ method: string; path: RegExp; times: number; status: number }> = [];
  private idempotent = new Map<string, { endpoint: string; params: string; status: number; body: unknown }>();
  private hanging: Response[] = [];
  private slow: Array<{ method: string; path: RegExp; times: number; ms: number }> = [];
  private late: Array<{ method: string; path: RegExp; times: number; ms: number }> = [];
  private inFlight = new Set<string>();
  private server?: http.Server;
  port = 0;

  async start(): Promise<void> {
    const app = express();
    // Stripe's form encoding uses brackets (lookup_keys[0]=..., expand[0]=...).
    app.set('query parser', 'extended');
    app.use(express.urlencoded({ extended: true }));
    app.use((req, res, next) => this.front(req, res, next));
    this.routes(app);
    app.use((req, res) =>
      stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path})`),
    );
    this.server = http.createServer(app);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Records the call, applies test overrides and Stripe's idempotency rules. */
  private front(req: Request, res: Response, next: () => void) {
    const body = (req.body ?? {}) as Obj;
    this.requests.push({
      method: req.method,
      path: req.path,
      headers: req.headers,
      body,
      query: req.query as Obj,
    });
    // Stripe refuses a parameter it does not know (as its OpenAPI description, and so the SDK's types, list them).
    const unknown = unknownParameter(req.method, req.path, req.method === 'GET' ? (req.query as Obj) : body);
    if (unknown)
      return stripeError(
        res,
        400,
        'invalid_request_error',
        `Received unknown parameter: ${unknown}`,
        'parameter_unknown',
        {
          param: unknown,
        },
      );
    const badExpand = expandsOf(req.method === 'GET' ? req.query.expand : body.expand).find(
      (e) => !EXPANDABLE.has(e.replace(/^data\./, '')),
    );
    if (badExpand)
      return stripeError(res, 400, 'invalid_request_error', `This property cannot be expanded (${badExpand}).`);
    const key = req.get('idempotency-key');
    const endpoint = `${req.method} ${req.path}`;
    const params = JSON.stringify(body);
    if (key && req.method === 'POST' && this.inFlight.has(key))
      // The first request with this key is still running at Stripe (the client gave up waiting on it).
      return stripeError(
        res,
        409,
        'invalid_request_error',
        'There is currently another in-progress request using this Idempotent Key (probably because of a timeout). Please try again later.',
        'idempotency_key_in_use',
      );
    if (key && req.method === 'POST') {
      const saved = this.idempotent.get(key);
      if (saved) {
        if (saved.endpoint !== endpoint || saved.params !== params)
          return stripeError(
            res,
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        res.setHeader('idempotent-replayed', 'true');
        return res.status(saved.status).json(saved.body);
      }
    }
    const store = (status: number, answer: unknown) => {
      // Stripe saves the result once the endpoint began executing: successes, card errors and 5xx alike; a request
      // refused before it ran (validation, rate limits, authentication) saves nothing.
      if (key && req.method === 'POST' && (status < 300 || status === 402 || status >= 500))
        this.idempotent.set(key, { endpoint, params, status, body: answer });
    };
    const override = this.overrides.find((o) => o.method === req.method && o.path.test(req.path) && o.times > 0);
    const json = res.json.bind(res);
    res.json = (answer: unknown) => {
      store(res.statusCode, answer);
      if (key) this.inFlight.delete(key);
      return json(answer);
    };
    const slow = this.slow.find((o) => o.method === req.method && o.path.test(req.path) && o.times > 0);
    if (slow && !override) {
      // Still running at Stripe for a while: the key is in use until it answers, whoever is still listening.
      slow.times -= 1;
      if (key && req.method === 'POST') this.inFlight.add(key);
      setTimeout(next, slow.ms).unref();
      return;
    }
    if (override) {
      override.times -= 1;
      return override.handle(req, res);
    }
    const failure = this.after.find((o) => o.method === req.method && o.path.test(req.path) && o.times > 0);
    if (failure) {
      failure.times -= 1;
      // The work is done, then the answer is lost to a server error: stored as such for the key.
      res.json = (_answer: unknown) => {
        res.status(failure.status);
        const error = { error: { type: 'api_error', message: 'An unknown error occurred' } };
        store(failure.status, error);
        return json(error);
      };
    }
    const late = this.late.find((o) => o.method === req.method && o.path.test(req.path) && o.times > 0);
    if (late) {
      late.times -= 1;
      // The answer is what Stripe had when the request was worked; it reaches the client only later.
      const answerNow = res.json.bind(res);
      res.json = (answer: unknown) => {
        setTimeout(() => answerNow(answer), late.ms).unref();
        return res;
      };
    }
    next();
  }

  private routes(app: express.Express) {
    app.post('/v1/customers', (req, res) => {
      const customer: DeepPartial<Stripe.Customer> = {
        id: id('cus'),
        object: 'customer',
        email: req.body.email ?? null,
        metadata: req.body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: nowSeconds(),
        livemode: false,
      };
      this.customers.set(customer.id!, customer);
      res.json(customer);
    });

    app.get('/v1/customers/:id', (req, res) => {
      // A deleted customer is still answered, marked deleted; one that never existed is missing.
      if (this.deletedCustomers.has(req.params.id)) {
        const deleted: DeepPartial<Stripe.DeletedCustomer> = { id: req.params.id, object: 'customer', deleted: true };
        return res.json(deleted);
      }
      const customer = this.customers.get(req.params.id);
      if (!customer) return missing(res, 'customer', req.params.id);
      res.json(customer);
    });

    app.delete('/v1/customers/:id', (req, res) => {
      if (!this.customers.has(req.params.id)) return missing(res, 'customer', req.params.id);
      this.deleteCustomer(req.params.id);
      const deleted: DeepPartial<Stripe.DeletedCustomer> = { id: req.params.id, object: 'customer', deleted: true };
      res.json(deleted);
    });

    app.get('/v1/prices', (req, res) => {
      const keys = (req.query.lookup_keys as string[] | undefined) ?? [];
      const active = req.query.active === undefined ? undefined : req.query.active === 'true';
      const data = this.prices.filter(
        (p) => keys.includes(p.lookup_key as string) && (active === undefined || p.active === active),
      );
      res.json({ object: 'list', url: '/v1/prices', has_more: false, data });
    });
    app.post('/v1/prices', (req, res) => {
      const lookupKey = req.body.lookup_key as string | undefined;
      const holder = lookupKey ? this.prices.find((p) => p.lookup_key === lookupKey) : undefined;
      if (holder && req.body.transfer_lookup_key !== 'true')
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `A price (\`${String(holder.id)}\`) already uses that lookup key.`,
          'lookup_key_already_exists',
        );
      if (holder) holder.lookup_key = null;
      const price: DeepPartial<Stripe.Price> = {
        id: id('price'),
        object: 'price',
        active: true,
        currency: req.body.currency,
        unit_amount: Number(req.body.unit_amount),
        recurring: { interval: req.body.recurring?.interval, interval_count: 1 },
        lookup_key: lookupKey ?? null,
        tax_behavior: req.body.tax_behavior ?? 'unspecified',
        type: 'recurring',
        livemode: false,
      };
      this.prices.push(price);
      res.json(price);
    });

    app.get('/v1/prices/:id', (req, res) => {
      const price = this.prices.find((p) => p.id === req.params.id);
      if (!price) return missing(res, 'price', req.params.id);
      res.json(price);
    });

    app.post('/v1/tax_rates', (req, res) => {
      const rate: DeepPartial<Stripe.TaxRate> = {
        id: id('txr'),
        object: 'tax_rate',
        active: true,
        display_name: req.body.display_name,
        description: req.body.description ?? null,
        percentage: Number(req.body.percentage),
        inclusive: req.body.inclusive === 'true',
        country: req.body.country ?? null,
        tax_type: req.body.tax_type ?? null,
        metadata: req.body.metadata ?? {},
        livemode: false,
      };
      this.taxRates.set(rate.id!, rate);
      res.json(rate);
    });
    app.get('/v1/tax_rates', (req, res) => {
      const data = [...this.taxRates.values()].filter(
        (r) =>
          (req.query.active === undefined || String(r.active) === req.query.active) &&
          (req.query.inclusive === undefined || String(r.inclusive) === req.query.inclusive),
      );
      res.json({ object: 'list', url: '/v1/tax_rates', has_more: false, data });
    });
    app.get('/v1/tax_rates/:id', (req, res) => {
      const rate = this.taxRates.get(req.params.id);
      if (!rate) return missing(res, 'tax_rate', req.params.id);
      res.json(rate);
    });

    app.get('/v1/coupons/:id', (req, res) => {
      const coupon = this.coupons.get(req.params.id);
      if (!coupon)
        return stripeError(res, 404, 'invalid_request_error', `No such coupon: '${req.params.id}'`, 'resource_missing');
      res.json(coupon);
    });
    app.post('/v1/coupons', (req, res) => {
      const coupon: DeepPartial<Stripe.Coupon> = {
        id: req.body.id,
        object: 'coupon',
        percent_off: Number(req.body.percent_off),
        duration: req.body.duration,
        name: req.body.name ?? null,
        valid: true,
        livemode: false,
      };
      this.coupons.set(coupon.id!, coupon);
      res.json(coupon);
    });

    app.post('/v1/subscriptions', (req, res) => this.createSubscription(req, res));
    app.get('/v1/subscriptions', (req, res) => {
      const customer = req.query.customer as string | undefined;
      const status = (req.query.status as string | undefined) ?? 'active';
      const data = [...this.subscriptionStates.values()]
        .filter((s) => !customer || s.customer === customer)
        .filter((s) =>
          status === 'all'
            ? true
            : status === 'ended'
              ? ['canceled', 'incomplete_expired'].includes(s.status)
              : s.status === status,
        )
        // Stripe lists without a status filter hide canceled ones; newest first.
        .filter((s) => req.query.status !== undefined || s.status !== 'canceled')
        .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
      // A page of `limit` (10 unless asked, at most 100) after `starting_after`, as Stripe pages lists.
      const after = req.query.starting_after as string | undefined;
      const from = after ? data.findIndex((s) => s.id === after) + 1 : 0;
      const limit = Math.min(100, Number(req.query.limit ?? 10));
      const page = data.slice(from, from + limit);
      res.json({
        object: 'list',
        url: '/v1/subscriptions',
        has_more: from + limit < data.length,
        data: page.map((s) => this.subscription(s.id, expandsOf(req.query.expand, 'data.'))),
      });
    });
    app.get('/v1/subscriptions/:id', (req, res) => {
      if (!this.subscriptionStates.has(req.params.id)) return missing(res, 'subscription', req.params.id);
      res.json(this.subscription(req.params.id, expandsOf(req.query.expand)));
    });
    app.delete('/v1/subscriptions/:id', (req, res) => {
      const state = this.subscriptionStates.get(req.params.id);
      if (!state) return missing(res, 'subscription', req.params.id);
      if (state.status === 'canceled')
        return stripeError(res, 400, 'invalid_request_error', 'This subscription has already been canceled.');
      state.status = 'canceled';
      state.canceledAt = nowSeconds();
      // Stripe voids nothing here but leaves the open first invoice; the pending SetupIntent stays as it was.
      res.json(this.subscription(state.id, expandsOf((req.body as Obj | undefined)?.expand)));
    });

    app.post('/v1/subscriptions/:id', (req, res) => {
      const state = this.subscriptionStates.get(req.params.id);
      if (!state) return missing(res, 'subscription', req.params.id);
      const body = req.body as Obj;
      if (state.status === 'canceled' || state.status === 'incomplete_expired')
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      if (body.cancel_at_period_end !== undefined) state.cancelAtPeriodEnd = body.cancel_at_period_end === 'true';
      if (body.default_payment_method !== undefined) {
        const card = body.default_payment_method as string;
        const saved = [...this.intents.values()].some((i) => i.paymentMethod === card && i.customer === state.customer);
        if (!saved)
          return stripeError(
            res,
            400,
            'invalid_request_error',
            `No such PaymentMethod: '${card}'`,
            'resource_missing',
            {
              param: 'default_payment_method',
            },
          );
        state.defaultPaymentMethod = card;
      }
      res.json(this.subscription(state.id, expandsOf(body.expand)));
    });

    app.post('/v1/setup_intents', (req, res) => {
      const body = req.body as Obj;
      const customer = body.customer as string | undefined;
      if (customer && (!this.customers.has(customer) || this.deletedCustomers.has(customer)))
        return missing(res, 'customer', customer, 'customer');
      const intent = this.newIntent('setup_intent', customer ?? '');
      intent.metadata = (body.metadata as Record<string, string>) ?? {};
      res.json(this.intent(intent.id));
    });
    app.get('/v1/disputes/:id', (req, res) => {
      const dispute = this.disputes.get(req.params.id);
      if (!dispute) return missing(res, 'dispute', req.params.id);
      res.json(this.dispute(dispute.id));
    });

    app.get('/v1/invoices', (req, res) => {
      // Newest first, as Stripe lists them.
      const data = [...this.invoices.values()]
        .filter((i) => req.query.subscription === undefined || i.subscription === req.query.subscription)
        .filter((i) => req.query.status === undefined || i.status === req.query.status)
        .sort((a, b) => b.created - a.created)
        .map((i) => this.invoice(i.id));
      res.json({ object: 'list', url: '/v1/invoices', has_more: false, data });
    });
    app.get('/v1/invoice_payments', (req, res) => {
      const payment = req.query.payment as { payment_intent?: string } | undefined;
      const data = [...this.invoices.values()]
        .filter((i) => i.paymentIntent && (!payment?.payment_intent || i.paymentIntent === payment.payment_intent))
        .filter((i) => req.query.invoice === undefined || i.id === req.query.invoice)
        .map((i) => this.invoicePayment(i));
      res.json({ object: 'list', url: '/v1/invoice_payments', has_more: false, data });
    });
    app.get('/v1/invoices/:id', (req, res) => {
      if (!this.invoices.has(req.params.id)) return missing(res, 'invoice', req.params.id);
      res.json(this.invoice(req.params.id, expandsOf(req.query.expand)));
    });
    app.get('/v1/setup_intents/:id', (req, res) => {
      const intent = this.intents.get(req.params.id);
      if (!intent || intent.object !== 'setup_intent') return missing(res, 'setup_intent', req.params.id);
      res.json(this.intent(intent.id));
    });
    app.post('/v1/setup_intents/:id/cancel', (req, res) => {
      const intent = this.intents.get(req.params.id);
      if (!intent || intent.object !== 'setup_intent') return missing(res, 'setup_intent', req.params.id);
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
          'setup_intent_unexpected_state',
        );
      intent.status = 'canceled';
      res.json(this.intent(intent.id));
    });
    app.get('/v1/payment_intents/:id', (req, res) => {
      const intent = this.intents.get(req.params.id);
      if (!intent || intent.object !== 'payment_intent') return missing(res, 'payment_intent', req.params.id);
      res.json(this.intent(intent.id));
    });
  }

  private createSubscription(req: Request, res: Response) {
    const body = req.body as Obj;
    const customer = this.customers.get(body.customer as string);
    if (!customer) return missing(res, 'customer', body.customer as string, 'customer');
    const items = body.items as Array<{ price: string }> | undefined;
    const price = this.prices.find((p) => p.id === items?.[0]?.price) ?? (items?.[0]?.price ? null : undefined);
    if (!items?.[0]?.price) return stripeError(res, 400, 'invalid_request_error', 'Missing required param: items.');
    if (price && price.active === false)
      return stripeError(
        res,
        400,
        'invalid_request_error',
        'The price specified is inactive. This subscription cannot be created.',
        undefined,
        { param: 'items[0][price]' },
      );
    const unitAmount = price ? Number(price.unit_amount) : 99;
    const taxRates = (body.default_tax_rates as string[] | undefined) ?? [];
    for (const rate of taxRates)
      if (!this.taxRates.has(rate)) return missing(res, 'tax_rate', rate, 'default_tax_rates');
    const discounts = (body.discounts as Array<{ coupon: string }> | undefined) ?? [];
    for (const d of discounts)
      if (!this.coupons.has(d.coupon)) return missing(res, 'coupon', d.coupon, 'discounts[0][coupon]');
    const percentOff = discounts.reduce((sum, d) => sum + Number(this.coupons.get(d.coupon)!.percent_off ?? 0), 0);
    const amount = Math.round(unitAmount * (1 - Math.min(100, percentOff) / 100));
    const now = nowSeconds();
    const trialDays = Number(body.trial_period_days ?? 0);
    const trial = trialDays > 0;
    const onFile = customer.invoice_settings?.default_payment_method;
    const cardOnFile = typeof onFile === 'string' ? onFile : (onFile?.id ?? null);
    const subscriptionId = id('sub');
    const state: SubscriptionState = {
      id: subscriptionId,
      customer: customer.id!,
      status: 'incomplete',
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: now,
      trialEnd: trial ? now + trialDays * DAY : null,
      periodStart: now,
      periodEnd: now + (trial ? trialDays : 30) * DAY,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      defaultPaymentMethod: null,
      pendingSetupIntent: null,
      latestInvoice: null,
      price: items[0].price,
      discounts: discounts.map((d) => d.coupon),
      taxRates,
      missingPaymentMethod:
        ((body.trial_settings as Obj | undefined)?.end_behavior as Obj | undefined)?.missing_payment_method ===
          'cancel' ||
        ((body.trial_settings as Obj | undefined)?.end_behavior as Obj | undefined)?.missing_payment_method === 'pause'
          ? (((body.trial_settings as Obj).end_behavior as Obj).missing_payment_method as 'cancel' | 'pause')
          : 'create_invoice',
      pauseCause: null,
      pausedAt: null,
    };
    // The first invoice: nothing to pay during a trial.
    const invoice = this.newInvoice(state, 'subscription_create', trial ? 0 : amount);
    if (trial || amount === 0) {
      invoice.status = 'paid';
      state.status = trial ? 'trialing' : 'active';
      if (cardOnFile) {
        // The customer's card on file is used: nothing to set up.
        state.defaultPaymentMethod = null;
      } else {
        // default_incomplete with nothing to pay now: a SetupIntent collects the card for later charges.
        state.pendingSetupIntent = this.newIntent('setup_intent', state.customer).id;
      }
    } else if (cardOnFile) {
      // Paid at once with the card on file.
      const pi = this.newIntent('payment_intent', state.customer, amount);
      pi.status = 'succeeded';
      pi.paymentMethod = cardOnFile;
      invoice.paymentIntent = pi.id;
      invoice.status = 'paid';
      invoice.amountPaid = amount;
      state.status = 'active';
    } else {
      // default_incomplete: the first invoice waits on a PaymentIntent the browser confirms.
      invoice.paymentIntent = this.newIntent('payment_intent', state.customer, amount).id;
      invoice.status = 'open';
    }
    state.latestInvoice = invoice.id;
    this.subscriptionStates.set(subscriptionId, state);
    res.json(this.subscription(subscriptionId, expandsOf(body.expand)));
  }

  private newInvoice(state: SubscriptionState, reason: InvoiceState['billingReason'], amount: number): InvoiceState {
    const invoice: InvoiceState = {
      id: id('in'),
      customer: state.customer,
      subscription: state.id,
      billingReason: reason,
      status: 'draft',
      amountDue: amount,
      amountPaid: 0,
      created: nowSeconds(),
      paymentIntent: null,
      metadata: { ...state.metadata },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private newIntent(object: IntentState['object'], customer: string, amount?: number): IntentState {
    const intentId = id(object === 'setup_intent' ? 'seti' : 'pi');
    const intent: IntentState = {
      id: intentId,
      object,
      customer,
      status: 'requires_payment_method',
      clientSecret: `${intentId}_secret_${crypto.randomBytes(8).toString('hex')}`,
      paymentMethod: null,
      ...(amount !== undefined ? { amount } : {}),
    };
    this.intents.set(intentId, intent);
    return intent;
  }

  // ---- Answers, built in the SDK's API version ----

  subscription(subscriptionId: string, expand: string[] = []): DeepPartial<Stripe.Subscription> {
    const s = this.subscriptionStates.get(subscriptionId)!;
    const price = this.prices.find((p) => p.id === s.price) ?? { id: s.price, object: 'price' };
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      created: s.created,
      start_date: s.created,
      livemode: false,
      metadata: s.metadata,
      trial_start: s.trialEnd ? s.created : null,
      trial_end: s.trialEnd,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      cancel_at: null,
      canceled_at: s.canceledAt,
      ended_at: s.status === 'canceled' ? s.canceledAt : null,
      collection_method: 'charge_automatically',
      currency: 'aud',
      default_payment_method: s.defaultPaymentMethod,
      discounts: s.discounts.map((c) => `di_${c}`),
      items: {
        object: 'list',
        url: `/v1/subscription_items?subscription=${s.id}`,
        has_more: false,
        data: [
          {
            id: `si_${s.id.slice(4)}`,
            object: 'subscription_item',
            subscription: s.id,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
            price,
            quantity: 1,
          },
        ],
      },
      trial_settings: { end_behavior: { missing_payment_method: s.missingPaymentMethod } },
      ...(s.status === 'paused' && s.pauseCause
        ? {
            status_details: {
              paused: { type: 'subscription', subscription: { type: s.pauseCause }, transitioned_at: s.pausedAt! },
            },
          }
        : {}),
      latest_invoice:
        s.latestInvoice && expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'))
          ? this.invoice(s.latestInvoice, sub(expand, 'latest_invoice'))
          : s.latestInvoice,
      pending_setup_intent:
        s.pendingSetupIntent && expand.includes('pending_setup_intent')
          ? this.setupIntent(s.pendingSetupIntent)
          : s.pendingSetupIntent,
    };
  }

  invoice(invoiceId: string, expand: string[] = []): DeepPartial<Stripe.Invoice> {
    const i = this.invoices.get(invoiceId)!;
    const pi = i.paymentIntent ? this.intents.get(i.paymentIntent) : undefined;
    return {
      id: i.id,
      object: 'invoice',
      customer: i.customer,
      status: i.status,
      billing_reason: i.billingReason,
      currency: 'aud',
      amount_due: i.amountDue,
      amount_paid: i.amountPaid,
      amount_remaining: i.amountDue - i.amountPaid,
      created: i.created,
      livemode: false,
      total_taxes: this.totalTaxes(i),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: i.subscription, metadata: i.metadata },
      },
      // Includable: present only when expanded, and then only while the invoice has something to confirm.
      ...(expand.includes('confirmation_secret')
        ? {
            confirmation_secret:
              pi && i.status === 'open' ? { client_secret: pi.clientSecret, type: 'payment_intent' } : null,
          }
        : {}),
      ...(expand.some((e) => e === 'payments' || e.startsWith('payments.'))
        ? {
            payments: {
              object: 'list',
              url: `/v1/invoice_payments?invoice=${i.id}`,
              has_more: false,
              data: pi ? [this.invoicePayment(i)] : [],
            },
          }
        : {}),
    };
  }

  invoicePayment(i: InvoiceState): DeepPartial<Stripe.InvoicePayment> {
    const pi = this.intents.get(i.paymentIntent!)!;
    return {
      id: `inpay_${pi.id.slice(3)}`,
      object: 'invoice_payment',
      invoice: i.id,
      is_default: true,
      status: pi.status === 'succeeded' ? 'paid' : 'open',
      payment: { type: 'payment_intent', payment_intent: pi.id },
    };
  }

  /** The tax each of the subscription's rates includes in (or adds to) the invoice's amount. */
  private totalTaxes(i: InvoiceState): Array<DeepPartial<Stripe.Invoice.TotalTax>> {
    const rates = this.subscriptionStates.get(i.subscription)?.taxRates ?? [];
    return rates.map((rateId) => {
      const rate = this.taxRates.get(rateId)!;
      const share = Number(rate.percentage) / 100;
      const amount = rate.inclusive
        ? Math.round(i.amountDue - i.amountDue / (1 + share))
        : Math.round(i.amountDue * share);
      return {
        amount,
        tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
        taxability_reason: 'standard_rated',
        taxable_amount: i.amountDue - (rate.inclusive ? amount : 0),
        type: 'tax_rate_details',
        tax_rate_details: { tax_rate: rateId },
      };
    });
  }

  intent(intentId: string): DeepPartial<Stripe.SetupIntent> | DeepPartial<Stripe.PaymentIntent> {
    const i = this.intents.get(intentId)!;
    if (i.object === 'setup_intent') return this.setupIntent(intentId);
    const paymentIntent: DeepPartial<Stripe.PaymentIntent> = {
      id: i.id,
      object: 'payment_intent',
      customer: i.customer,
      status: i.status,
      client_secret: i.clientSecret,
      payment_method: i.paymentMethod,
      amount: i.amount ?? 0,
      currency: 'aud',
      livemode: false,
    };
    return paymentIntent;
  }

  setupIntent(intentId: string): DeepPartial<Stripe.SetupIntent> {
    const i = this.intents.get(intentId)!;
    {
      const setupIntent: DeepPartial<Stripe.SetupIntent> = {
        id: i.id,
        object: 'setup_intent',
        customer: i.customer,
        status: i.status,
        client_secret: i.clientSecret,
        payment_method: i.paymentMethod,
        usage: 'off_session',
        metadata: i.metadata ?? {},
        livemode: false,
      };
      return setupIntent;
    }
  }

  dispute(disputeId: string): DeepPartial<Stripe.Dispute> {
    const d = this.disputes.get(disputeId)!;
    return {
      id: d.id,
      object: 'dispute',
      amount: d.amount,
      currency: 'aud',
      charge: d.charge,
      payment_intent: d.paymentIntent,
      reason: 'fraudulent',
      status: d.status,
      created: d.created,
      livemode: false,
    };
  }

  // ---- What happens at Stripe outside this service's calls ----

  /** The browser's confirmSetup of a SetupIntent the service made (a card change): the card is saved. */
  confirmSetupIntent(setupIntentId: string): string {
    const intent = this.intents.get(setupIntentId)!;
    intent.status = 'succeeded';
    intent.paymentMethod = id('pm');
    return intent.paymentMethod;
  }

  /** The period ends: a subscription set to cancel at its period's end is canceled, as Stripe does. */
  endPeriod(subscriptionId: string): SubscriptionState['status'] {
    const s = this.subscriptionStates.get(subscriptionId)!;
    if (s.cancelAtPeriodEnd) {
      s.status = 'canceled';
      s.canceledAt = nowSeconds();
    }
    return s.status;
  }

  /**
   * The card holder disputes the subscription's latest paid charge with their bank: a chargeback (`needs_response`),
   * or an inquiry (`warning_needs_response`) or a prevented one (`prevented`), which take no money back.
   */
  openDispute(subscriptionId: string, status: Stripe.Dispute.Status = 'needs_response'): string {
    const s = this.subscriptionStates.get(subscriptionId)!;
    let invoice = this.invoices.get(s.latestInvoice!)!;
    if (!invoice.paymentIntent) {
      // Nothing was charged yet (a trial's invoice): a month is charged to the card first.
      invoice = this.newInvoice(s, 'subscription_cycle', 99);
      const paid = this.newIntent('payment_intent', s.customer, 99);
      paid.status = 'succeeded';
      paid.paymentMethod = s.defaultPaymentMethod;
      invoice.paymentIntent = paid.id;
      invoice.status = 'paid';
      invoice.amountPaid = 99;
      s.latestInvoice = invoice.id;
    }
    const intentId = invoice.paymentIntent!;
    const dispute: DisputeState = {
      id: id('dp'),
      status,
      charge: `ch_${intentId.slice(3)}`,
      paymentIntent: intentId,
      amount: this.intents.get(intentId)!.amount ?? 99,
      created: nowSeconds(),
    };
    this.disputes.set(dispute.id, dispute);
    return dispute.id;
  }

  /** The bank decides (`won`, `lost`), or an inquiry becomes a chargeback. */
  setDisputeStatus(disputeId: string, status: Stripe.Dispute.Status): void {
    this.disputes.get(disputeId)!.status = status;
  }

  /**
   * The browser's confirmSetup of a trial's pending SetupIntent succeeds: the card is attached to the customer, and the
   * subscription's default payment method stays as it was (Stripe documents `save_default_payment_method` for an
   * invoice's payment, not for a SetupIntent): whoever wants the card charged sets it.
   */
  confirmSetup(subscriptionId: string): string {
    const s = this.subscriptionStates.get(subscriptionId)!;
    const intent = this.intents.get(s.pendingSetupIntent!)!;
    intent.status = 'succeeded';
    intent.paymentMethod = id('pm');
    s.pendingSetupIntent = null;
    return intent.id;
  }

  /** The browser's confirmPayment pays the open latest invoice: the subscription becomes active. */
  payLatestInvoice(subscriptionId: string) {
    const s = this.subscriptionStates.get(subscriptionId)!;
    const invoice = this.invoices.get(s.latestInvoice!)!;
    const intent = this.intents.get(invoice.paymentIntent!)!;
    intent.status = 'succeeded';
    intent.paymentMethod ??= id('pm');
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    s.defaultPaymentMethod = intent.paymentMethod;
    // Paying the invoice a failed payment left open resumes a subscription paused for it.
    s.status = 'active';
    s.pauseCause = null;
    s.pausedAt = null;
  }

  /** A renewal is charged: declined (`failed`) or held for the card holder's authentication (`action`). */
  renew(subscriptionId: string, outcome: 'failed' | 'action'): InvoiceState {
    const s = this.subscriptionStates.get(subscriptionId)!;
    if (!['active', 'trialing', 'past_due'].includes(s.status))
      throw new Error(`cannot renew a ${s.status} subscription`);
    const invoice = this.newInvoice(s, 'subscription_cycle', 99);
    const intent = this.newIntent('payment_intent', s.customer, 99);
    intent.status = outcome === 'action' ? 'requires_action' : 'requires_payment_method';
    intent.paymentMethod = s.defaultPaymentMethod;
    invoice.paymentIntent = intent.id;
    invoice.status = 'open';
    s.latestInvoice = invoice.id;
    s.periodStart = nowSeconds();
    s.periodEnd = s.periodStart + 30 * DAY;
    s.status = 'past_due';
    return invoice;
  }

  /**
   * The trial's end, as Stripe runs it. With a card, the first monthly invoice is paid. Without one, what
   * trial_settings.end_behavior.missing_payment_method asked: `cancel` ends it (no invoice), `pause` pauses it (no
   * invoice), and Stripe's default `create_invoice` invoices a card that is not there: the invoice stays open and the
   * subscription falls past due.
   */
  endTrial(subscriptionId: string): SubscriptionState['status'] {
    const s = this.subscriptionStates.get(subscriptionId)!;
    if (s.status !== 'trialing') throw new Error(`cannot end the trial of a ${s.status} subscription`);
    const now = nowSeconds();
    s.trialEnd = now;
    const card = s.defaultPaymentMethod ?? this.cardOnFile(s.customer);
    if (!card && s.missingPaymentMethod === 'cancel') {
      s.status = 'canceled';
      s.canceledAt = now;
      return s.status;
    }
    if (!card && s.missingPaymentMethod === 'pause') {
      s.status = 'paused';
      s.pauseCause = 'trial_end_without_payment_method';
      s.pausedAt = now;
      return s.status;
    }
    const invoice = this.newInvoice(s, 'subscription_cycle', 99);
    const intent = this.newIntent('payment_intent', s.customer, 99);
    intent.paymentMethod = card;
    invoice.paymentIntent = intent.id;
    s.latestInvoice = invoice.id;
    s.periodStart = now;
    s.periodEnd = now + 30 * DAY;
    if (card) {
      intent.status = 'succeeded';
      invoice.status = 'paid';
      invoice.amountPaid = 99;
      s.status = 'active';
    } else {
      invoice.status = 'open';
      s.status = 'past_due';
    }
    return s.status;
  }

  /**
   * Stripe's retries of a renewal all failed and the billing settings pause the subscription: its invoice stays open
   * (paying it resumes the subscription), and status_details says why it was paused.
   */
  pauseAfterFailedPayment(subscriptionId: string, cause: 'first_payment_failure' | 'final_payment_failure') {
    const s = this.subscriptionStates.get(subscriptionId)!;
    if (s.status !== 'past_due' && s.status !== 'incomplete') throw new Error(`cannot pause a ${s.status} one`);
    s.status = 'paused';
    s.pauseCause = cause;
    s.pausedAt = nowSeconds();
  }

  private cardOnFile(customerId: string): string | null {
    const onFile = this.customers.get(customerId)?.invoice_settings?.default_payment_method;
    return typeof onFile === 'string' ? onFile : (onFile?.id ?? null);
  }

  /**
   * 23 hours pass with the first invoice of an incomplete subscription unpaid: Stripe expires the subscription
   * (incomplete_expired, for good) and voids the invoice.
   */
  expireIncomplete(subscriptionId: string) {
    const s = this.subscriptionStates.get(subscriptionId)!;
    if (s.status !== 'incomplete') throw new Error(`a ${s.status} subscription does not expire`);
    s.created -= 23 * 3600;
    s.status = 'incomplete_expired';
    const invoice = this.invoices.get(s.latestInvoice!)!;
    invoice.status = 'void';
  }

  /** Every retry of a past-due invoice failed and the billing settings mark it unpaid. */
  markUnpaid(subscriptionId: string) {
    const s = this.subscriptionStates.get(subscriptionId)!;
    if (s.status !== 'past_due') throw new Error('only a past-due subscription becomes unpaid');
    s.status = 'unpaid';
  }

  /**
   * The customer is deleted (through the API, or in the Dashboard): Stripe cancels its subscriptions at once, and any
   * later request naming it is refused as missing.
   */
  deleteCustomer(customerId: string) {
    this.customers.delete(customerId);
    this.deletedCustomers.add(customerId);
    for (const s of this.subscriptionStates.values())
      if (s.customer === customerId && s.status !== 'canceled' && s.status !== 'incomplete_expired') {
        s.status = 'canceled';
        s.canceledAt = nowSeconds();
      }
  }

  /** The customer has a usable card on file (invoice_settings.default_payment_method). */
  giveCardOnFile(customerId: string) {
    this.customers.get(customerId)!.invoice_settings = { default_payment_method: id('pm') };
  }

  /** An archived price still holding the lookup key (Stripe keeps a lookup key on an inactive price). */
  addArchivedPrice(lookupKey: string) {
    // A lookup key is unique: whichever price held it before gives it up.
    for (const price of this.prices) if (price.lookup_key === lookupKey) price.lookup_key = null;
    this.prices.push({ id: id('price'), object: 'price', active: false, lookup_key: lookupKey, unit_amount: 99 });
  }

  /** An event as Stripe would send it, with the object as it is now (or as given). */
  event(type: string, object: object, opts: { apiVersion?: string; created?: number } = {}) {
    return {
      id: id('evt'),
      object: 'event',
      api_version: opts.apiVersion ?? Stripe.API_VERSION,
      created: opts.created ?? nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  /**
   * How Stripe delivers: at least once and in no set order. These events as they reach the endpoint: the newest first,
   * each twice (a redelivery keeps the event's id).
   */
  static outOfOrder<E extends { created: number }>(events: E[]): E[] {
    return [...events].sort((a, b) => b.created - a.created).flatMap((e) => [e, e]);
  }

  // ---- Test controls ----

  /** The next `times` matching calls answer with this Stripe error (before doing anything). */
  failNext(
    method: string,
    path: RegExp,
    status: number,
    type: string,
    message: string,
    opts: { code?: string; times?: number } = {},
  ) {
    this.overrides.push({
      method,
      path,
      times: opts.times ?? 1,
      handle: (_req, res) => stripeError(res, status, type, message, opts.code),
    });
  }

  /** The next matching call does its work, then answers this server error (which its key then replays). */
  failAfterWork(method: string, path: RegExp, status = 500) {
    this.after.push({ method, path, times: 1, status });
  }

  /** The next matching call does its work only after `ms`, its idempotency key in use meanwhile. */
  slowNext(method: string, path: RegExp, ms: number) {
    this.slow.push({ method, path, times: 1, ms });
  }

  /** The next matching call is worked at once, and its answer (the state of that moment) is sent `ms` later. */
  answerLate(method: string, path: RegExp, ms: number) {
    this.late.push({ method, path, times: 1, ms });
  }

  /** The next matching call never gets an answer (the SDK's time-out ends it). */
  hangNext(method: string, path: RegExp) {
    this.overrides.push({ method, path, times: 1, handle: (_req, res) => void this.hanging.push(res) });
  }

  calls(method: string, path: string | RegExp) {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /** Subscriptions made for a student, in any state. */
  subscriptionsOf(studentId: number) {
    return [...this.subscriptionStates.values()].filter((s) => s.metadata.studentId === String(studentId));
  }

  reset() {
    this.requests.length = 0;
    this.overrides = [];
    this.after = [];
    this.slow = [];
    this.late = [];
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** The expand paths asked for, below `prefix` (e.g. `data.` in a list). */
function expandsOf(value: unknown, prefix = ''): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list
    .filter((e): e is string => typeof e === 'string' && e.startsWith(prefix))
    .map((e) => e.slice(prefix.length));
}

/** The expand paths below one field. */
const sub = (expand: string[], field: string) =>
  expand.filter((e) => e.startsWith(`${field}.`)).map((e) => e.slice(field.length + 1));

function missing(res: Response, kind: string, value: string, param?: string) {
  res.status(404).json({
    error: {
      type: 'invalid_request_error',
      message: `No such ${kind}: '${value}'`,
      code: 'resource_missing',
      ...(param ? { param } : {}),
    },
  });
}

function stripeError(
  res: Response,
  status: number,
  type: string,
  message: string,
  code?: string,
  extra: { param?: string } = {},
) {
  res.status(status).json({ error: { type, message, ...(code ? { code } : {}), ...extra } });
}

/** The paths below a subscription, an invoice or an intent that Stripe lets be expanded (of those this server has). */
const EXPANDABLE = new Set([
  'customer',
  'latest_invoice',
  'latest_invoice.confirmation_secret',
  'latest_invoice.payments',
  'latest_invoice.payment_intent',
  'pending_setup_intent',
  'default_payment_method',
  'confirmation_secret',
  'payments',
  'payment_method',
]);
