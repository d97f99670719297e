import express, { type Express } from 'express';
import { billingApi } from '@logbook/contracts/billing-api';
import { declaredRouter } from '@logbook/service-kit/declared';
import type { PaymentProvider } from '../providers/provider';
import { receiveWebhook } from './webhooks';

const WEBHOOK_PATH = '/api/stripe/webhook';

/** The signature covers the exact bytes Stripe sent, so this route reads the raw body, ahead of the JSON parser. */
export function mountRawWebhookBody(app: Express) {
  app.use(WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
}

export function webhooksRouter(secret: string | undefined, provider: PaymentProvider) {
  const { router, route } = declaredRouter(billingApi);
  route(`POST ${WEBHOOK_PATH}`, ({ req }) => {
    const payload = Buffer.isBuffer(req.body) ? req.body : undefined;
    return receiveWebhook(payload, req.get('stripe-signature'), secret, provider);
  });
  return router;
}
