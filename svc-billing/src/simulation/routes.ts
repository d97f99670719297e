import { Router } from 'express';
import { simulatedConfirmInputSchema } from '@logbook/contracts/schemas';
import { callers, requireParent } from '@logbook/service-kit/auth';
import { parseOr400 } from '@logbook/service-kit/errors';
import type { SimulatedProvider } from '../providers/simulated';
import { forNamedStudent } from '../subscriptions/routes';
import { confirmSimulatedSetup, failSimulatedRenewal } from './simulation';

/** Only with the simulated provider and never in production. */
export function simulationRouter(provider: SimulatedProvider): Router {
  const router = Router();

  router.post('/api/billing/simulate/confirm', requireParent, async (req, res) => {
    const { clientSecret } = parseOr400(simulatedConfirmInputSchema, req.body);
    res.json(await confirmSimulatedSetup(provider, callers(res), clientSecret));
  });

  router.post(
    '/api/billing/simulate/renewal-failure',
    requireParent,
    forNamedStudent((caller, studentId) => failSimulatedRenewal(provider, caller, studentId)),
  );

  return router;
}
