import { Router } from 'express';
import { supervisorInputSchema } from '@logbook/contracts/schemas';
import { callers, requireParentOrStudent } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { bodyObject } from '../body';
import { addSupervisor, listSupervisors, removeSupervisor, updateSupervisor } from './supervisors';

export const supervisorsRouter = Router();

supervisorsRouter.get('/api/supervisors', requireParentOrStudent, async (_req, res) => {
  res.json(await listSupervisors(callers(res)));
});

supervisorsRouter.post('/api/supervisors', requireParentOrStudent, async (req, res) => {
  const input = parseOr400(supervisorInputSchema, bodyObject(req.body));
  res.status(201).json(await addSupervisor(callers(res), input));
});

// A student reaches these too and is told 403: the saved list is theirs to read, their parent's to change.
supervisorsRouter.put('/api/supervisors/:id', requireParentOrStudent, async (req, res) => {
  const id = parseId(req.params.id);
  const input = parseOr400(supervisorInputSchema, bodyObject(req.body));
  res.json(await updateSupervisor(callers(res), id, input));
});

supervisorsRouter.delete('/api/supervisors/:id', requireParentOrStudent, async (req, res) => {
  const id = parseId(req.params.id);
  await removeSupervisor(callers(res), id);
  res.status(204).end();
});
