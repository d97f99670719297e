import { Router, type RequestHandler } from 'express';
import { cancelSubscriptionSchema, createSubscriptionSchema, type BillingConfig } from '@logbook/contracts/schemas';
import { callers, requireParent, type Callers } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { couponLookupLimits, type CouponLookupLimits } from '../coupons/limits';
import {
  cancelSubscription,
  changeCard,
  createSubscription,
  getSubscription,
  paymentForStudent,
  resumeSubscription,
  type SubscriptionOptions,
} from './subscriptions';

/** The handler of a parent's request naming one of their students in its body: answers what `act` answers. */
export const forNamedStudent =
  (act: (caller: Callers, studentId: number) => Promise<unknown>): RequestHandler =>
  async (req, res) => {
    const { studentId } = parseOr400(cancelSubscriptionSchema, req.body);
    res.json(await act(callers(res), studentId));
  };

export function subscriptionsRouter(options: SubscriptionOptions, couponLookups: CouponLookupLimits): Router {
  const router = Router();
  const { provider } = options;

  router.get('/api/billing/config', (_req, res) => {
    const body: BillingConfig = { provider: provider.kind };
    if (provider.publishableKey) body.publishableKey = provider.publishableKey;
    res.json(body);
  });

  // A coupon named here is looked up: limited per account and per address, so codes cannot be guessed in bulk.
  router.post('/api/create-subscription', requireParent, ...couponLookupLimits(couponLookups), async (req, res) => {
    const input = parseOr400(createSubscriptionSchema, req.body);
    res.json(await createSubscription(options, callers(res), input));
  });

  /** What a parent does to one student's subscription, by its path. */
  const studentActions: Record<string, (caller: Callers, studentId: number) => Promise<unknown>> = {
    '/api/cancel-subscription': (caller, id) => cancelSubscription(options, caller, id, 'periodEnd'),
    // Takes back a cancel at the period's end: the subscription goes on renewing.
    '/api/billing/resume': (caller, id) => resumeSubscription(options, caller, id),
    // A SetupIntent's secret for a new card; once confirmed, the card becomes the subscription's default.
    '/api/billing/card': (caller, id) => changeCard(options, caller, id),
    // The open invoice's confirmation secret, for a subscription that is owed or waits for authentication.
    '/api/billing/payment': (caller, id) => paymentForStudent(options, caller, id),
  };
  for (const [path, act] of Object.entries(studentActions)) router.post(path, requireParent, forNamedStudent(act));

  router.get('/api/subscription/:studentId', requireParent, async (req, res) => {
    res.json(await getSubscription(callers(res), parseId(req.params.studentId)));
  });

  return router;
}
