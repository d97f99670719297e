import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { readinessFor } from './readiness';

const { router, route } = declaredRouter(logbookApi);
export const readinessRouter = router;

/** Owner-only like every student route: the student's parent, or the student. */
route('GET /api/driving-sessions/:studentId/readiness', ({ res, ids }) => readinessFor(callers(res), ids.studentId));
