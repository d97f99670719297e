import { Router } from 'express';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId } from '@logbook/service-kit/errors';
import { readinessFor } from './readiness';

export const readinessRouter = Router();

/** Owner-only like every student route: the student's parent, or the student. */
readinessRouter.get('/api/driving-sessions/:studentId/readiness', requireParentOrStudent, async (req, res) => {
  res.json(await readinessFor(callers(res), parseId(req.params.studentId)));
});
