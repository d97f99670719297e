import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
}

type Override = (req: Request, res: Response) => void;

/**
 * A local server shaped like api.stripe.com (the parts this service calls). The real SDK talks to it; tests read
 * what it was sent and can make any call fail the way Stripe fails.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly subscriptions = new Map<string, Record<string, unknown>>();
  readonly customers = new Map<string, Record<string, unknown>>();
  readonly prices: Array<Record<string, unknown>> = [];
  readonly coupons = new Map<string, Record<string, unknown>>();
  /** Refuse the trial even when one is asked for (as if Stripe had none to give). */
  noTrial = false;
  private overrides: Array<{ method: string; path: RegExp; times: number; handle: Override }> = [];
  private idempotent = new Map<string, { status: number; body: unknown }>();
  private hanging: Response[] = [];
  private server?: http.Server;
  port = 0;

  async start(): Promise<void> {
    const app = express();
    // Stripe's query strings use brackets (lookup_keys[0]=...).
    app.set('query parser', 'extended');
    app.use(express.urlencoded({ extended: true }));
    app.use((req, res, next) => {
      this.requests.push({
        method: req.method,
        path: req.path,
        headers: req.headers,
        body: (req.body ?? {}) as Record<string, unknown>,
        query: req.query as Record<string, unknown>,
      });
      const override = this.overrides.find((o) => o.method === req.method && o.path.test(req.path) && o.times > 0);
      if (override) {
        override.times -= 1;
        return override.handle(req, res);
      }
      const key = req.get('idempotency-key');
      if (key && req.method === 'POST' && this.idempotent.has(key)) {
        const saved = this.idempotent.get(key)!;
        res.setHeader('idempotent-replayed', 'true');
        return res.status(saved.status).json(saved.body);
      }
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (key && req.method === 'POST') this.idempotent.set(key, { status: res.statusCode, body });
        return json(body);
      };
      next();
    });
    app.post('/v1/customers', (req, res) => {
      const id = `cus_${crypto.randomUUID().slice(0, 12)}`;
      const customer = { id, object: 'customer', email: req.body.email, metadata: req.body.metadata ?? {} };
      this.customers.set(id, customer);
      res.json(customer);
    });
    app.get('/v1/prices', (req, res) => {
      const keys = (req.query.lookup_keys as string[] | undefined) ?? [];
      res.json({
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data: this.prices.filter((p) => keys.includes(p.lookup_key as string)),
      });
    });
    app.post('/v1/prices', (req, res) => {
      const price = {
        id: `price_${crypto.randomUUID().slice(0, 12)}`,
        object: 'price',
        active: true,
        currency: req.body.currency,
        unit_amount: Number(req.body.unit_amount),
        recurring: { interval: req.body.recurring?.interval },
        lookup_key: req.body.lookup_key,
      };
      this.prices.push(price);
      res.json(price);
    });
    app.get('/v1/coupons/:id', (req, res) => {
      const coupon = this.coupons.get(req.params.id);
      if (!coupon)
        return stripeError(res, 404, 'invalid_request_error', `No such coupon: '${req.params.id}'`, 'resource_missing');
      res.json(coupon);
    });
    app.post('/v1/coupons', (req, res) => {
      const coupon = {
        id: req.body.id,
        object: 'coupon',
        percent_off: Number(req.body.percent_off),
        duration: req.body.duration,
      };
      this.coupons.set(coupon.id, coupon);
      res.json(coupon);
    });
    app.post('/v1/subscriptions', (req, res) => {
      const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
      const now = Math.floor(Date.now() / 1000);
      const setupIntentId = `seti_${crypto.randomUUID().slice(0, 12)}`;
      const paymentIntentId = `pi_${crypto.randomUUID().slice(0, 12)}`;
      // Like Stripe: a trial only when one is asked for; it waits on a SetupIntent, else the first invoice waits on a
      // PaymentIntent whose secret is the invoice's confirmation_secret.
      const trialDays = Number(req.body.trial_period_days ?? 0);
      const trial = trialDays > 0 && !this.noTrial;
      const subscription = {
        id,
        object: 'subscription',
        customer: req.body.customer,
        status: trial ? 'trialing' : 'incomplete',
        metadata: req.body.metadata ?? {},
        trial_end: trial ? now + trialDays * 86400 : null,
        cancel_at_period_end: false,
        default_payment_method: null,
        items: {
          object: 'list',
          data: [{ id: 'si_1', object: 'subscription_item', current_period_end: now + 30 * 86400 }],
        },
        pending_setup_intent: !trial
          ? null
          : {
              id: setupIntentId,
              object: 'setup_intent',
              client_secret: `${setupIntentId}_secret_abc`,
              status: 'requires_payment_method',
            },
        latest_invoice: {
          id: `in_${crypto.randomUUID().slice(0, 12)}`,
          object: 'invoice',
          confirmation_secret: trial
            ? null
            : { client_secret: `${paymentIntentId}_secret_xyz`, type: 'payment_intent' },
        },
      };
      this.subscriptions.set(id, subscription);
      res.json(subscription);
    });
    app.delete('/v1/subscriptions/:id', (req, res) => {
      const subscription = this.subscriptions.get(req.params.id);
      if (!subscription)
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such subscription: '${req.params.id}'`,
          'resource_missing',
        );
      subscription.status = 'canceled';
      res.json(subscription);
    });
    app.use((req, res) =>
      stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path})`),
    );
    this.server = http.createServer(app);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The next `times` matching calls answer with this Stripe error. */
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

  /** The next matching call never gets an answer (the SDK's time-out ends it). */
  hangNext(method: string, path: RegExp) {
    this.overrides.push({ method, path, times: 1, handle: (_req, res) => void this.hanging.push(res) });
  }

  calls(method: string, path: string | RegExp) {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  reset() {
    this.requests.length = 0;
    this.overrides = [];
    this.noTrial = false;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function stripeError(res: Response, status: number, type: string, message: string, code?: string) {
  res.status(status).json({ error: { type, message, ...(code ? { code } : {}) } });
}
