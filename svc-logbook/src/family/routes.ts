import { z } from 'zod';
import { parseId, parseOr400 } from '@logbook/service-kit/errors';
import { familyStateSchema } from '@logbook/contracts/internal-api';
import { internalRouter } from '@logbook/service-kit/internal';
import { familySessionsCsv } from './csv';
import { saveSetting, STATE_SETTING } from '../settings/settings';
import { deleteFamily, deleteStudent, exportFamily } from './family';

/** The family's students as the caller knows them (svc-students owns them), e.g. `?studentIds=4,9`. */
const namedSchema = z.object({
  studentIds: z
    .string()
    .max(2000)
    .regex(/^\d{1,12}(,\d{1,12})*$/)
    .optional()
    .transform((v) => (v ? v.split(',').map(Number) : [])),
});

/** For svc-auth's account export and deletion, and svc-students' removal of a student. */
export const familyRouter = internalRouter();

familyRouter.get('/internal/families/:parentId/export', async (req, res) => {
  const { studentIds } = parseOr400(namedSchema, req.query);
  res.json(await exportFamily(parseId(req.params.parentId), studentIds));
});

/** The family's sessions as a CSV, for svc-auth to hand on: `{ csv }`. */
familyRouter.get('/internal/families/:parentId/sessions-csv', async (req, res) => {
  const { studentIds } = parseOr400(namedSchema, req.query);
  res.json({ csv: await familySessionsCsv(parseId(req.params.parentId), studentIds) });
});

/** The state a new family chose when it registered (svc-auth): its rule sets the learners' targets from then on. */
familyRouter.post('/internal/families/:parentId/state', async (req, res) => {
  const { value } = parseOr400(familyStateSchema, req.body);
  res.json(await saveSetting(parseId(req.params.parentId), STATE_SETTING, value));
});

familyRouter.delete('/internal/families/:parentId', async (req, res) => {
  const { studentIds } = parseOr400(namedSchema, req.query);
  await deleteFamily(parseId(req.params.parentId), studentIds);
  res.status(204).end();
});

familyRouter.delete('/internal/students/:studentId', async (req, res) => {
  await deleteStudent(parseId(req.params.studentId));
  res.status(204).end();
});
