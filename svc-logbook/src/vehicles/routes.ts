import { Router } from 'express';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { listVehicles } from './vehicles';

export const vehiclesRouter = Router();

vehiclesRouter.get('/api/vehicles', requireParentOrStudent, async (_req, res) => {
  res.json(await listVehicles(callers(res)));
});
