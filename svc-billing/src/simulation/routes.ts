import { billingApi } from '@logbook/contracts/billing-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import type { SimulatedProvider } from '../providers/simulated';
import { confirmSimulatedSetup, failSimulatedRenewal } from './simulation';

/** Only with the simulated provider and never in production. */
export function simulationRouter(provider: SimulatedProvider) {
  const { router, route } = declaredRouter(billingApi);

  route('POST /api/billing/simulate/confirm', ({ res, body }) =>
    confirmSimulatedSetup(provider, callers(res), body.clientSecret),
  );

  route('POST /api/billing/simulate/renewal-failure', ({ res, body }) =>
    failSimulatedRenewal(provider, callers(res), body.studentId),
  );

  return router;
}
