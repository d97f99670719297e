import { createServiceApp } from '@logbook/service-kit/app';
import { StudentsOutboxModel } from './events/publisher';
import { familyRouter } from './family/routes';
import { internalStudentsRouter, studentEventsRouter } from './internal/routes';
import { loginsRouter } from './logins/routes';
import { openingBalanceRouter } from './opening-balance/routes';
import { StudentModel } from './students/model';
import { studentsRouter } from './students/routes';

export const SERVICE_NAME = 'svc-students';

/** The collections this service owns (their indexes are created at start). */
export const models = [StudentModel, StudentsOutboxModel];

export function createApp() {
  return createServiceApp({
    name: SERVICE_NAME,
    routers: [
      studentsRouter,
      loginsRouter,
      openingBalanceRouter,
      internalStudentsRouter,
      studentEventsRouter,
      familyRouter,
    ],
  });
}
