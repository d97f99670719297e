import { Router } from 'express';
import { cancelSubscriptionSchema, createSubscriptionSchema, type BillingConfig } from '@logbook/contracts/schemas';
import { callers, requireParent } from '@logbook/service-kit/auth';
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

  router.post('/api/cancel-subscription', requireParent, async (req, res) => {
    const { studentId } = parseOr400(cancelSubscriptionSchema, req.body);
    res.json(await cancelSubscription(options, callers(res), studentId, 'periodEnd'));
  });

  /** Takes back a cancel at the period's end: the subscription goes on renewing. */
  router.post('/api/billing/resume', requireParent, async (req, res) => {
    const { studentId } = parseOr400(cancelSubscriptionSchema, req.body);
    res.json(await resumeSubscription(options, callers(res), studentId));
  });

  /** A SetupIntent's secret for a new card; once confirmed, the card becomes the subscription's default. */
  router.post('/api/billing/card', requireParent, async (req, res) => {
    const { studentId } = parseOr400(cancelSubscriptionSchema, req.body);
    res.json(await changeCard(options, callers(res), studentId));
  });

  /** The open invoice's confirmation secret, for a subscription that is owed or waits for authentication. */
  router.post('/api/billing/payment', requireParent, async (req, res) => {
    const { studentId } = parseOr400(cancelSubscriptionSchema, req.body);
    res.json(await paymentForStudent(options, callers(res), studentId));
  });

  router.get('/api/subscription/:studentId', requireParent, async (req, res) => {
    res.json(await getSubscription(callers(res), parseId(req.params.studentId)));
  });

  return router;
}
