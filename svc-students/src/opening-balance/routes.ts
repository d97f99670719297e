import { studentsApi } from '@logbook/contracts/students-api';
import { parentOf } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { getOpeningBalance, setOpeningBalance } from './opening-balance';

// Each route is registered from its declaration in @logbook/contracts/students-api: guard, ids, body and status.
const { router, route } = declaredRouter(studentsApi);
export const openingBalanceRouter = router;

route('GET /api/students/:id/opening-balance', ({ ids, res }) => getOpeningBalance(parentOf(res).familyId, ids.id));

route('PUT /api/students/:id/opening-balance', ({ ids, res, body }) =>
  setOpeningBalance(parentOf(res).familyId, ids.id, body),
);
