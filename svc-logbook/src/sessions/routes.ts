import { Router } from 'express';
import {
  drivingSessionInputSchema,
  sessionCorrectionInputSchema,
  sessionListQuerySchema,
  sessionRemovalInputSchema,
} from '@logbook/contracts/schemas';
import { accountOf, callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { keyedLimit } from '@logbook/service-kit/keyed-limit';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { bodyObject } from '../body';
import { VerificationLimitModel } from '../chain/model';
import { logbookConfig } from '../config';
import { withPostTiming } from './post-timing';
import { correctSession, listSessionsAnswer, logSession, removeSession, summaryOf } from './sessions';

export const sessionsRouter = Router();

/** New entries and corrections per family and hour, whichever of the family posts them and from however many devices. */
const familyPosts = keyedLimit({
  model: VerificationLimitModel,
  prefix: 'sessions:family:',
  windowMs: 3_600_000,
  limit: () => logbookConfig().SESSION_POSTS_PER_HOUR,
  key: (_req, res) => String(accountOf(callers(res))),
});

sessionsRouter.post('/api/driving-sessions', requireParentOrStudent, familyPosts, async (req, res) => {
  const input = parseOr400(drivingSessionInputSchema, bodyObject(req.body));
  const { result, serverTiming } = await withPostTiming(() => logSession(callers(res), input));
  res.setHeader('Server-Timing', serverTiming);
  res.status(result.created ? 201 : 200).json(result.session);
});

// Parents only: a signed-in student reaches these and is told so (403), rather than that the entry is not there.
sessionsRouter.post('/api/driving-sessions/:id/correction', requireParentOrStudent, familyPosts, async (req, res) => {
  const id = parseId(req.params.id);
  const input = parseOr400(sessionCorrectionInputSchema, bodyObject(req.body));
  const { session, created } = await correctSession(callers(res), id, input);
  res.status(created ? 201 : 200).json(session);
});

sessionsRouter.post('/api/driving-sessions/:id/removal', requireParentOrStudent, async (req, res) => {
  const id = parseId(req.params.id);
  const { reason } = parseOr400(sessionRemovalInputSchema, bodyObject(req.body));
  res.json(await removeSession(callers(res), id, reason));
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
