import { Router } from 'express';
import {
  signOffDeclineSchema,
  signOffDeclineWithTokenSchema,
  signOffInputSchema,
  signOffResendSchema,
  signOffTokenSchema,
  signOffWithTokenSchema,
} from '@logbook/contracts/sign-off';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { bodyObject } from '../body';
import { perAddressLimit } from '../chain/limits';
import { cancelSignOff, declineWithToken, resendSignOff, signOffEntry, signWithToken } from './sign-off';

export const signOffRouter = Router();

// Public (no sign-in): enough for a supervisor reading and signing, too few to try tokens in bulk. Counted in the
// database beside the verification checks, so every instance shares one allowance per address.
const signOffLimit = perAddressLimit('sign-off:ip:', 30);

/** The token as the path carries it; its shape is checked with the link, so every token not live gets one answer. */
const tokenOf = (raw: unknown) => String(raw);

// The signing page sends the token in the body: a path is written down by every log on the way.
signOffRouter.post('/api/signing/entry', signOffLimit, async (req, res) => {
  const { token } = parseOr400(signOffTokenSchema, bodyObject(req.body));
  res.setHeader('Cache-Control', 'no-store');
  res.json(await signOffEntry(token));
});

signOffRouter.post('/api/signing/sign', signOffLimit, async (req, res) => {
  const { token, ...input } = parseOr400(signOffWithTokenSchema, bodyObject(req.body));
  res.setHeader('Cache-Control', 'no-store');
  res.json(await signWithToken(token, input));
});

signOffRouter.post('/api/signing/decline', signOffLimit, async (req, res) => {
  const { token, reason } = parseOr400(signOffDeclineWithTokenSchema, bodyObject(req.body));
  res.setHeader('Cache-Control', 'no-store');
  res.json(await declineWithToken(token, reason));
});

// The token in the path: for links emailed as /sign/<token> and the signing page of the previous release, which
// expect these until the release after this one (links live 7 days). The logs write such paths without the token.
signOffRouter.get('/api/sign-off/:token', signOffLimit, async (req, res) => {
  // The entry and the learner's name are for this supervisor alone: never kept by a browser or a proxy.
  res.setHeader('Cache-Control', 'no-store');
  res.json(await signOffEntry(tokenOf(req.params.token)));
});

signOffRouter.post('/api/sign-off/:token', signOffLimit, async (req, res) => {
  const input = parseOr400(signOffInputSchema, bodyObject(req.body));
  res.setHeader('Cache-Control', 'no-store');
  res.json(await signWithToken(tokenOf(req.params.token), input));
});

signOffRouter.post('/api/sign-off/:token/decline', signOffLimit, async (req, res) => {
  const { reason } = parseOr400(signOffDeclineSchema, bodyObject(req.body));
  res.setHeader('Cache-Control', 'no-store');
  res.json(await declineWithToken(tokenOf(req.params.token), reason));
});

// Parents only, like corrections: a student is told so (403).
signOffRouter.post('/api/driving-sessions/:id/sign-off/resend', requireParentOrStudent, async (req, res) => {
  const id = parseId(req.params.id);
  const { supervisorEmail } = parseOr400(signOffResendSchema, bodyObject(req.body));
  res.json(await resendSignOff(callers(res), id, supervisorEmail));
});

signOffRouter.post('/api/driving-sessions/:id/sign-off/cancel', requireParentOrStudent, async (req, res) => {
  const id = parseId(req.params.id);
  res.json(await cancelSignOff(callers(res), id));
});
