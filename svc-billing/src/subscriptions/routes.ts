import { billingApi } from '@logbook/contracts/billing-api';
import type { Response } from 'express';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { couponLookupLimits, type CouponLookupLimits } from '../coupons/limits';
import { refuseAllButBillingOwner } from './owners';
import {
  cancelSubscription,
  changeCard,
  createSubscription,
  getSubscription,
  ownedStudent,
  paymentForStudent,
  resumeSubscription,
  type SubscriptionOptions,
} from './subscriptions';

/** The callers, once the student is found to be theirs (404 otherwise) and the caller holds the subscription (403). */
async function billingOwner(res: Response, studentId: number) {
  const family = callers(res);
  await ownedStudent(family, studentId);
  await refuseAllButBillingOwner(family);
  return family;
}

export function subscriptionsRouter(options: SubscriptionOptions, couponLookups: CouponLookupLimits) {
  const { router, route } = declaredRouter(billingApi, {
    // A coupon named here is looked up: limited per account and per address, so codes cannot be guessed in bulk.
    'POST /api/create-subscription': couponLookupLimits(couponLookups),
  });
  const { provider } = options;

  route('GET /api/billing/config', async () => ({
    provider: provider.kind,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  }));

  route('POST /api/create-subscription', ({ res, body }) => createSubscription(options, callers(res), body));

  route('POST /api/cancel-subscription', async ({ res, body }) =>
    cancelSubscription(options, await billingOwner(res, body.studentId), body.studentId, 'periodEnd'),
  );

  // Takes back a cancel at the period's end: the subscription goes on renewing.
  route('POST /api/billing/resume', async ({ res, body }) =>
    resumeSubscription(options, await billingOwner(res, body.studentId), body.studentId),
  );

  // A SetupIntent's secret for a new card; once confirmed, the card becomes the subscription's default.
  route('POST /api/billing/card', async ({ res, body }) =>
    changeCard(options, await billingOwner(res, body.studentId), body.studentId),
  );

  // The open invoice's confirmation secret, for a subscription that is owed or waits for authentication.
  route('POST /api/billing/payment', ({ res, body }) => paymentForStudent(options, callers(res), body.studentId));

  route('GET /api/subscription/:studentId', ({ res, ids }) => getSubscription(callers(res), ids.studentId));

  return router;
}
