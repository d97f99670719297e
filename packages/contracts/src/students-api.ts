import { z } from 'zod';
import { noContent, declareRoutes } from './api-routes';
import { openingBalanceResponseSchema, openingBalanceSchema } from './opening-balance';
import { studentLoginSchema, studentSchema } from './schemas';
import { studentDetailsSchema } from './student-courses';

/**
 * svc-students' public routes: svc-students registers each from its entry here (`declaredRouter`), and the API
 * description is built from the same entries, so a route cannot take a body or answer a success the description
 * does not give.
 */
export const studentsApi = declareRoutes({
  'GET /api/students': { summary: "The parent's students", caller: 'parent', answer: z.array(studentSchema) },
  'POST /api/students': {
    summary: 'Add a student',
    caller: 'parent',
    body: studentDetailsSchema,
    status: 201,
    answer: studentSchema,
  },
  'GET /api/students/:id': { summary: 'One student', caller: 'parent', answer: studentSchema },
  'PUT /api/students/:id': {
    summary: "Change a student's details",
    caller: 'parent',
    body: studentDetailsSchema,
    answer: studentSchema,
  },
  'DELETE /api/students/:id': {
    summary: 'Remove a student and everything of theirs',
    caller: 'parent',
    status: 204,
    answer: noContent,
  },
  'GET /api/students/:id/opening-balance': {
    summary: 'Hours logged before the app',
    caller: 'parent',
    answer: openingBalanceResponseSchema,
  },
  'PUT /api/students/:id/opening-balance': {
    summary: 'Record hours logged before the app',
    caller: 'parent',
    body: openingBalanceSchema,
    answer: openingBalanceResponseSchema,
  },
  'POST /api/students/:id/create-login': {
    summary: 'Give a student a login',
    caller: 'parent',
    body: studentLoginSchema,
    status: 201,
    refuses: ['forbidden', 'conflict', 'busy'],
    answer: studentSchema,
  },
  'PUT /api/students/:id/update-login': {
    summary: "Change a student's login",
    caller: 'parent',
    body: studentLoginSchema,
    refuses: ['conflict', 'busy'],
    answer: studentSchema,
  },
  'DELETE /api/students/:id/delete-login': {
    summary: "Remove a student's login",
    caller: 'parent',
    refuses: ['conflict'],
    answer: studentSchema,
  },
});
