import { Router } from 'express';
import { studentInputSchema } from '@logbook/contracts/schemas';
import { parentOf, requireParent } from '@logbook/service-kit/auth';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { removeStudent } from './removal';
import { createStudent, getStudent, listStudents, updateStudent } from './students';

export const studentsRouter = Router();

studentsRouter.get('/api/students', requireParent, async (_req, res) => {
  res.json(await listStudents(parentOf(res).userId));
});

studentsRouter.get('/api/students/:id', requireParent, async (req, res) => {
  res.json(await getStudent(parentOf(res).userId, parseId(req.params.id)));
});

studentsRouter.post('/api/students', requireParent, async (req, res) => {
  const data = parseOr400(studentInputSchema, req.body);
  res.status(201).json(await createStudent(parentOf(res).userId, data));
});

studentsRouter.put('/api/students/:id', requireParent, async (req, res) => {
  const studentId = parseId(req.params.id);
  const data = parseOr400(studentInputSchema, req.body);
  res.json(await updateStudent(parentOf(res).userId, studentId, data));
});

/** Removes the student and everything of theirs: subscription canceled first, then login, sessions and signatures. */
studentsRouter.delete('/api/students/:id', requireParent, async (req, res) => {
  await removeStudent(parentOf(res).userId, parseId(req.params.id));
  res.status(204).end();
});
