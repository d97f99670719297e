import { Router } from 'express';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId } from '@logbook/service-kit/errors';
import { publicOrigin } from '../config';
import { perAddressLimit } from './limits';
import { verificationFor, verifyByCode } from './verification';

export const verificationRouter = Router();

// Public: light enough for anyone checking a log book, slow enough that codes cannot be tried in bulk. Counted in
// the database, so every instance of the service shares one allowance per address.
const verifyLimit = perAddressLimit('verify:ip:', 60);

verificationRouter.get('/api/verify/:code', verifyLimit, async (req, res) => {
  res.json(await verifyByCode(String(req.params.code)));
});

verificationRouter.get('/api/driving-sessions/:studentId/verification', requireParentOrStudent, async (req, res) => {
  const studentId = parseId(req.params.studentId);
  res.json(await verificationFor(callers(res), studentId, publicOrigin(req)));
});
