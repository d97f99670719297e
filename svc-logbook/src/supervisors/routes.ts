import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { addSupervisor, listSupervisors, removeSupervisor, updateSupervisor } from './supervisors';

const { router, route } = declaredRouter(logbookApi);
export const supervisorsRouter = router;

route('GET /api/supervisors', ({ res }) => listSupervisors(callers(res)));

route('POST /api/supervisors', ({ res, body }) => addSupervisor(callers(res), body));

// A student reaches these too and is told 403: the saved list is theirs to read, their parent's to change.
route('PUT /api/supervisors/:id', ({ res, ids, body }) => updateSupervisor(callers(res), ids.id, body));

route('DELETE /api/supervisors/:id', ({ res, ids }) => removeSupervisor(callers(res), ids.id));
