import { Router } from 'express';
import { studentLoginSchema } from '@logbook/contracts/schemas';
import { parentOf, requireParent } from '@logbook/service-kit/auth';
import { refuseCommonPassword } from '@logbook/service-kit/common-passwords';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { createLogin, deleteLogin, updateLogin } from './logins';

export const loginsRouter = Router();

/** A new username and password, checked as the dialogs check them, and refused when the password is a common one. */
function newCredentials(body: unknown) {
  const credentials = parseOr400(studentLoginSchema, body);
  refuseCommonPassword(credentials.studentPassword);
  return credentials;
}

loginsRouter.post('/api/students/:id/create-login', requireParent, async (req, res) => {
  const studentId = parseId(req.params.id);
  const credentials = newCredentials(req.body);
  res.status(201).json(await createLogin(parentOf(res).userId, studentId, credentials));
});

loginsRouter.put('/api/students/:id/update-login', requireParent, async (req, res) => {
  const studentId = parseId(req.params.id);
  const credentials = newCredentials(req.body);
  res.json(await updateLogin(parentOf(res).userId, studentId, credentials));
});

loginsRouter.delete('/api/students/:id/delete-login', requireParent, async (req, res) => {
  res.json(await deleteLogin(parentOf(res).userId, parseId(req.params.id)));
});
