import { Router } from 'express';
import { cancelSubscriptionSchema, simulatedConfirmInputSchema } from '@logbook/contracts/schemas';
import { callers, requireParent } from '@logbook/service-kit/auth';
import { parseOr400 } from '@logbook/service-kit/errors';
import type { SimulatedProvider } from '../providers/simulated';
import { confirmSimulatedSetup, failSimulatedRenewal } from './simulation';

/** Only with the simulated provider and never in production. */
export function simulationRouter(provider: SimulatedProvider): Router {
  const router = Router();

  router.post('/api/billing/simulate/confirm', requireParent, async (req, res) => {
    const { clientSecret } = parseOr400(simulatedConfirmInputSchema, req.body);
    res.json(await confirmSimulatedSetup(provider, callers(res), clientSecret));
  });

  router.post('/api/billing/simulate/renewal-failure', requireParent, async (req, res) => {
    const { studentId } = parseOr400(cancelSubscriptionSchema, req.body);
    res.json(await failSimulatedRenewal(provider, callers(res), studentId));
  });

  return router;
}
