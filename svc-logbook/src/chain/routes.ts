import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_ERRORS } from '@logbook/contracts/messages';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId } from '@logbook/service-kit/errors';
import { publicOrigin } from '../config';
import { verificationFor, verifyByCode } from './verification';

export const verificationRouter = Router();

// Public: light enough for anyone checking a log book, slow enough that codes cannot be tried in bulk.
const verifyLimit = rateLimit({
  windowMs: 60_000,
  limit: 60,
  standardHeaders: 'draft-8',
  legacyHeaders: false,
  message: { message: API_ERRORS.tooManyAttempts },
});

verificationRouter.get('/api/verify/:code', verifyLimit, async (req, res) => {
  res.json(await verifyByCode(String(req.params.code)));
});

verificationRouter.get('/api/driving-sessions/:studentId/verification', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  res.json(await verificationFor(callers(res), studentId, publicOrigin(req)));
});
