import { declareRoutes } from './api-routes';
import { simulatedConfirmSchema, subscriptionViewSchema, webhookReceiptSchema } from './responses';
import {
  billingConfigSchema,
  cancelSubscriptionSchema,
  createSubscriptionResponseSchema,
  createSubscriptionSchema,
  simulatedConfirmInputSchema,
} from './schemas';

/** svc-billing's public routes: registered from these entries (`declaredRouter`), described from the same. */
export const billingApi = declareRoutes({
  'GET /api/billing/config': {
    summary: 'Which payment provider the browser talks to',
    caller: 'anyone',
    answer: billingConfigSchema,
  },
  'POST /api/create-subscription': {
    summary: 'Start a subscription for a student',
    caller: 'parent',
    body: createSubscriptionSchema,
    refuses: ['notFound', 'conflict', 'paymentRefused', 'tooMany'],
    answer: createSubscriptionResponseSchema,
  },
  'GET /api/subscription/:studentId': {
    summary: "A student's subscription",
    caller: 'parent',
    answer: subscriptionViewSchema,
  },
  'POST /api/cancel-subscription': {
    summary: 'Cancel at the end of the period',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
    answer: subscriptionViewSchema,
  },
  'POST /api/billing/payment': {
    summary: 'Pay for a subscription that is not paid up',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict', 'paymentRefused'],
    answer: createSubscriptionResponseSchema,
  },
  'POST /api/billing/resume': {
    summary: 'Take back a cancel at the end of the period',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
    answer: subscriptionViewSchema,
  },
  'POST /api/billing/card': {
    summary: 'Start changing the card of a running subscription (a SetupIntent to confirm)',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
    answer: createSubscriptionResponseSchema,
  },
  'POST /api/billing/simulate/confirm': {
    summary: 'Confirm a payment (simulated provider only)',
    caller: 'parent',
    unpublished: 'with the simulated payment provider alone',
    body: simulatedConfirmInputSchema,
    refuses: ['notFound', 'conflict'],
    answer: simulatedConfirmSchema,
  },
  'POST /api/billing/simulate/renewal-failure': {
    summary: 'Fail a renewal (simulated provider only)',
    caller: 'parent',
    unpublished: 'with the simulated payment provider alone',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
    answer: subscriptionViewSchema,
  },
  'POST /api/stripe/webhook': {
    summary: "Stripe's signed events",
    caller: 'anyone',
    rawBody: 'The event exactly as Stripe signed it, with its Stripe-Signature header',
    answer: webhookReceiptSchema,
  },
});
