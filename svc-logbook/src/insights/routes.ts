import { Router } from 'express';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId } from '@logbook/service-kit/errors';
import { insightsOf, todayFrom } from './insights';

export const insightsRouter = Router();

insightsRouter.get('/api/driving-sessions/:studentId/insights', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  const today = todayFrom(req.query);
  res.json(await insightsOf(callers(res), studentId, today));
});
