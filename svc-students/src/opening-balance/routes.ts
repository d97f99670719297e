import { Router } from 'express';
import { openingBalanceSchema } from '@logbook/contracts/opening-balance';
import { parentOf, requireParent } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { getOpeningBalance, setOpeningBalance } from './opening-balance';

export const openingBalanceRouter = Router();

openingBalanceRouter.get('/api/students/:id/opening-balance', requireParent, async (req, res) => {
  res.json(await getOpeningBalance(parentOf(res).userId, parseId(req.params.id)));
});

openingBalanceRouter.put('/api/students/:id/opening-balance', requireParent, async (req, res) => {
  const studentId = parseId(req.params.id);
  const balance = parseOr400(openingBalanceSchema, req.body);
  res.json(await setOpeningBalance(parentOf(res).userId, studentId, balance));
});
