import { studentsApi } from '@logbook/contracts/students-api';
import { parentOf } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { removeStudent } from './removal';
import { createStudent, getStudent, listStudents, updateStudent } from './students';

// Each route is registered from its declaration in @logbook/contracts/students-api: guard, ids, body and status.
const { router, route } = declaredRouter(studentsApi);
export const studentsRouter = router;

route('GET /api/students', ({ res }) => listStudents(parentOf(res).familyId));

route('GET /api/students/:id', ({ ids, res }) => getStudent(parentOf(res).familyId, ids.id));

route('POST /api/students', ({ res, body }) => createStudent(parentOf(res).familyId, body));

route('PUT /api/students/:id', ({ ids, res, body }) => updateStudent(parentOf(res).familyId, ids.id, body));

/** Removes the student and everything of theirs: subscription canceled first, then login, sessions and signatures. */
route('DELETE /api/students/:id', ({ ids, res }) => removeStudent(parentOf(res).familyId, ids.id));
