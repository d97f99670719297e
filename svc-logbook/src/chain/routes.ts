import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_ERRORS } from '@logbook/contracts/messages';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId } from '@logbook/service-kit/errors';
import { DatabaseRateLimitStore } from '@logbook/service-kit/rate-limit-store';
import { publicOrigin } from '../config';
import { VerificationLimitModel } from './model';
import { verificationFor, verifyByCode } from './verification';

export const verificationRouter = Router();

// Public: light enough for anyone checking a log book, slow enough that codes cannot be tried in bulk. Counted in
// the database, so every instance of the service shares one allowance per address.
const verifyLimit = rateLimit({
  windowMs: 60_000,
  limit: 60,
  standardHeaders: 'draft-8',
  legacyHeaders: false,
  message: { message: API_ERRORS.tooManyAttempts },
  store: new DatabaseRateLimitStore(VerificationLimitModel, 'verify:ip:'),
});

verificationRouter.get('/api/verify/:code', verifyLimit, async (req, res) => {
  res.json(await verifyByCode(String(req.params.code)));
});

verificationRouter.get('/api/driving-sessions/:studentId/verification', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  res.json(await verificationFor(callers(res), studentId, publicOrigin(req)));
});
