import express, { Router, type Express } from 'express';
import type { PaymentProvider } from '../providers/provider';
import { receiveWebhook } from './webhooks';

export const WEBHOOK_PATH = '/api/stripe/webhook';

/** The signature covers the exact bytes Stripe sent, so this route reads the raw body, ahead of the JSON parser. */
export function mountRawWebhookBody(app: Express) {
  app.use(WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }));
}

export function webhooksRouter(secret: string | undefined, provider: PaymentProvider): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, async (req, res) => {
    const payload = Buffer.isBuffer(req.body) ? req.body : undefined;
    res.json(await receiveWebhook(payload, req.get('stripe-signature'), secret, provider));
  });
  return router;
}
