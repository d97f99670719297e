import { Router } from 'express';
import { stateRulesQuerySchema } from '@logbook/contracts/readiness-schema';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseOr400 } from '@logbook/service-kit/errors';
import { listVehicles } from './vehicles';

export const vehiclesRouter = Router();

vehiclesRouter.get('/api/vehicles', requireParentOrStudent, async (req, res) => {
  const { on } = parseOr400(stateRulesQuerySchema, req.query);
  res.json(await listVehicles(callers(res), on));
});
