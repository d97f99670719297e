import { studentsApi } from '@logbook/contracts/students-api';
import { parentOf } from '@logbook/service-kit/auth';
import { refuseCommonPassword } from '@logbook/service-kit/common-passwords';
import { declaredRouter } from '@logbook/service-kit/declared';
import { createLogin, deleteLogin, updateLogin } from './logins';

// Each route is registered from its declaration in @logbook/contracts/students-api: guard, ids, body and status.
const { router, route } = declaredRouter(studentsApi);
export const loginsRouter = router;

/** A new username and password, checked as the dialogs check them, and refused when the password is a common one. */
route('POST /api/students/:id/create-login', async ({ ids, res, body }) => {
  refuseCommonPassword(body.studentPassword);
  return createLogin(parentOf(res).familyId, ids.id, body);
});

route('PUT /api/students/:id/update-login', async ({ ids, res, body }) => {
  refuseCommonPassword(body.studentPassword);
  return updateLogin(parentOf(res).familyId, ids.id, body);
});

route('DELETE /api/students/:id/delete-login', ({ ids, res }) => deleteLogin(parentOf(res).familyId, ids.id));
