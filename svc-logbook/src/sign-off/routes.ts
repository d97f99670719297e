import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { perAddressLimit } from '../chain/limits';
import { cancelSignOff, declineWithToken, resendSignOff, signOffEntry, signWithToken } from './sign-off';

// Public (no sign-in): enough for a supervisor reading and signing, too few to try tokens in bulk. Counted in the
// database beside the verification checks, so every instance shares one allowance per address.
const supervisorOnly = [perAddressLimit('sign-off:ip:', 30)];

const { router, route } = declaredRouter(logbookApi, {
  'POST /api/signing/entry': supervisorOnly,
  'POST /api/signing/sign': supervisorOnly,
  'POST /api/signing/decline': supervisorOnly,
  'GET /api/sign-off/:token': supervisorOnly,
  'POST /api/sign-off/:token': supervisorOnly,
  'POST /api/sign-off/:token/decline': supervisorOnly,
});
export const signOffRouter = router;

// The signing page sends the token in the body: a path is written down by every log on the way.
route('POST /api/signing/entry', ({ body }) => signOffEntry(body.token));

route('POST /api/signing/sign', ({ body: { token, ...input } }) => signWithToken(token, input));

route('POST /api/signing/decline', ({ body: { token, reason } }) => declineWithToken(token, reason));

// The token in the path: for links emailed as /sign/<token> and the signing page of the previous release, which
// expect these until the release after this one (links live 7 days). The logs write such paths without the token.
// Its shape is checked with the link, so every token not live gets the one answer.
route('GET /api/sign-off/:token', ({ req }) => signOffEntry(String(req.params.token)));

route('POST /api/sign-off/:token', ({ req, body }) => signWithToken(String(req.params.token), body));

route('POST /api/sign-off/:token/decline', ({ req, body }) => declineWithToken(String(req.params.token), body.reason));

// Parents only, like corrections: a student is told so (403).
route('POST /api/driving-sessions/:id/sign-off/resend', ({ res, ids, body }) =>
  resendSignOff(callers(res), ids.id, body.supervisorEmail),
);

route('POST /api/driving-sessions/:id/sign-off/cancel', ({ res, ids }) => cancelSignOff(callers(res), ids.id));
