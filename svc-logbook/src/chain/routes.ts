import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { publicOrigin } from '../config';
import { perAddressLimit } from './limits';
import { verificationFor, verifyByCode } from './verification';

const { router, route } = declaredRouter(logbookApi, {
  // Public: light enough for anyone checking a log book, slow enough that codes cannot be tried in bulk. Counted in
  // the database, so every instance of the service shares one allowance per address.
  'GET /api/verify/:code': [perAddressLimit('verify:ip:', 60)],
});
export const verificationRouter = router;

route('GET /api/verify/:code', ({ req }) => verifyByCode(String(req.params.code)));

route('GET /api/driving-sessions/:studentId/verification', ({ req, res, ids }) =>
  verificationFor(callers(res), ids.studentId, publicOrigin(req)),
);
