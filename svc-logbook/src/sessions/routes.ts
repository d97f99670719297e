import { logbookApi } from '@logbook/contracts/logbook-api';
import { ANSWERED, declaredRouter } from '@logbook/service-kit/declared';
import { callers } from '@logbook/service-kit/auth';
import { perFamilyLimit } from '../chain/limits';
import { logbookConfig } from '../config';
import { withPostTiming } from './post-timing';
import { correctSession } from './correct';
import { listSessionsAnswer } from './list';
import { logSession } from './log';
import { removeSession } from './remove';
import { summaryOf } from './summary';

/** New entries and corrections per family and hour, whichever of the family posts them and from however many devices. */
const familyPosts = perFamilyLimit('sessions:family:', () => logbookConfig().SESSION_POSTS_PER_HOUR);

const { router, route } = declaredRouter(logbookApi, {
  'POST /api/driving-sessions': [familyPosts],
  'POST /api/driving-sessions/:id/correction': [familyPosts],
});
export const sessionsRouter = router;

route('POST /api/driving-sessions', async ({ res, body }) => {
  const { result, serverTiming } = await withPostTiming(() => logSession(callers(res), body));
  res.setHeader('Server-Timing', serverTiming);
  if (!result.created) res.status(200);
  return result.session;
});

// Parents only: a signed-in student reaches these and is told so (403), rather than that the entry is not there.
route('POST /api/driving-sessions/:id/correction', async ({ res, ids, body }) => {
  const { session, created } = await correctSession(callers(res), ids.id, body);
  if (!created) res.status(200);
  return session;
});

route('POST /api/driving-sessions/:id/removal', ({ res, ids, body }) =>
  removeSession(callers(res), ids.id, body.reason),
);

route('GET /api/driving-sessions/:studentId', async ({ req, res, ids, query }) => {
  const answer = await listSessionsAnswer(callers(res), ids.studentId, query, req.acceptsEncodings('gzip') === 'gzip');
  res.type('application/json').setHeader('Vary', 'Accept-Encoding');
  if (answer.gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.end(answer.body);
  return ANSWERED;
});

route('GET /api/driving-sessions/:studentId/summary', ({ res, ids }) => summaryOf(callers(res), ids.studentId));
