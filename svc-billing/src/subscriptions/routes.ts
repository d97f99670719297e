import { billingApi } from '@logbook/contracts/billing-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
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

  route('POST /api/cancel-subscription', ({ res, body }) =>
    cancelSubscription(options, callers(res), body.studentId, 'periodEnd'),
  );

  // Takes back a cancel at the period's end: the subscription goes on renewing.
  route('POST /api/billing/resume', ({ res, body }) => resumeSubscription(options, callers(res), body.studentId));

  // A SetupIntent's secret for a new card; once confirmed, the card becomes the subscription's default.
  route('POST /api/billing/card', ({ res, body }) => changeCard(options, callers(res), body.studentId));

  // The open invoice's confirmation secret, for a subscription that is owed or waits for authentication.
  route('POST /api/billing/payment', ({ res, body }) => paymentForStudent(options, callers(res), body.studentId));

  route('GET /api/subscription/:studentId', ({ res, ids }) => getSubscription(callers(res), ids.studentId));

  return router;
}
