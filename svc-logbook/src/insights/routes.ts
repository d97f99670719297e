import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { insightsOf, todayInHomeZone } from './insights';

const { router, route } = declaredRouter(logbookApi);
export const insightsRouter = router;

// `today` absent: the date now in Adelaide.
route('GET /api/driving-sessions/:studentId/insights', ({ res, ids, query }) =>
  insightsOf(callers(res), ids.studentId, query.today ?? todayInHomeZone()),
);
