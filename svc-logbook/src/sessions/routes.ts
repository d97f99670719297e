import { Router } from 'express';
import { drivingSessionInputSchema, sessionListQuerySchema } from '@logbook/contracts/schemas';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { bodyObject } from '../body';
import { listSessionsAnswer, logSession, summaryOf } from './sessions';

export const sessionsRouter = Router();

sessionsRouter.post('/api/driving-sessions', requireParentOrStudent, async (req, res) => {
  const input = parseOr400(drivingSessionInputSchema, bodyObject(req.body));
  const { session, created } = await logSession(callers(res), input);
  res.status(created ? 201 : 200).json(session);
});

sessionsRouter.get('/api/driving-sessions/:studentId', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  const query = parseOr400(sessionListQuerySchema, req.query);
  const answer = await listSessionsAnswer(callers(res), studentId, query, req.acceptsEncodings('gzip') === 'gzip');
  res.type('application/json').setHeader('Vary', 'Accept-Encoding');
  if (answer.gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.end(answer.body);
});

sessionsRouter.get('/api/driving-sessions/:studentId/summary', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  res.json(await summaryOf(callers(res), studentId));
});
