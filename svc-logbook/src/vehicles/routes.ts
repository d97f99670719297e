import { logbookApi } from '@logbook/contracts/logbook-api';
import { callers } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { listVehicles } from './vehicles';

const { router, route } = declaredRouter(logbookApi);
export const vehiclesRouter = router;

route('GET /api/vehicles', ({ res, query }) => listVehicles(callers(res), query.on));
