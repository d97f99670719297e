import { Router } from 'express';
import { studentCredentialsSchema } from '@logbook/contracts/schemas';
import { parentOf, requireParent } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { createLogin, deleteLogin, updateLogin } from './logins';

export const loginsRouter = Router();

loginsRouter.post('/api/students/:id/create-login', requireParent, async (req, res) => {
  const studentId = parseId(req.params.id);
  const credentials = parseOr400(studentCredentialsSchema, req.body);
  res.status(201).json(await createLogin(parentOf(res).userId, studentId, credentials));
});

loginsRouter.put('/api/students/:id/update-login', requireParent, async (req, res) => {
  const studentId = parseId(req.params.id);
  const credentials = parseOr400(studentCredentialsSchema, req.body);
  res.json(await updateLogin(parentOf(res).userId, studentId, credentials));
});

loginsRouter.delete('/api/students/:id/delete-login', requireParent, async (req, res) => {
  res.json(await deleteLogin(parentOf(res).userId, parseId(req.params.id)));
});
