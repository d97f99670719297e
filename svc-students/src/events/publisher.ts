import { outboxModel, Publisher } from '@logbook/service-kit/internal';
import { learnerKey } from '../students/free-month';
import { coursesOf, openingBalanceOf, PUBLIC_FIELDS, StudentModel } from '../students/model';

/** This service's outbox: which readers have not yet heard of a student's latest change. */
export const StudentsOutboxModel = outboxModel('StudentsOutbox', 'students_outbox');

/** The `student` event's data as it stands: what the log book keeps of the student. */
export async function studentEvent(id: number) {
  const doc = await StudentModel.findById(id)
    .select({ ...PUBLIC_FIELDS, openingBalance: 1, version: 1 })
    .lean();
  if (!doc) return null;
  return {
    version: doc.version ?? 0,
    data: {
      userId: doc.userId,
      firstName: doc.firstName,
      lastName: doc.lastName,
      dateOfBirth: doc.dateOfBirth,
      licenseNumber: doc.licenseNumber ?? null,
      permitDate: doc.permitDate || null,
      courses: coursesOf(doc.courses),
      // svc-billing's status as last relayed here: the log book uses it only until billing's own events reach it.
      subscriptionStatus: doc.subscriptionStatus,
      openingBalance: doc.openingBalance ? openingBalanceOf(doc.openingBalance) : null,
      learnerKey: learnerKey(doc),
    },
  };
}

/**
 * - `student` → svc-logbook: the profile and paper hours it shows, prints and checks ownership with; → svc-billing:
 *   the key the free month is remembered by, taken again whenever the name or birthday changes.
 * - `student-login` → svc-auth: the login changed or went, so sessions signed in before it end.
 */
export const publisher = new Publisher(StudentsOutboxModel, {
  student: {
    subscribers: ['logbook', 'billing'],
    snapshot: studentEvent,
  },
  'student-login': {
    subscribers: ['auth'],
    snapshot: async (id) => {
      const doc = await StudentModel.findById(id).select({ loginVersion: 1 }).lean();
      return doc ? { version: doc.loginVersion ?? 0, data: { loginVersion: doc.loginVersion ?? 0 } } : null;
    },
  },
});

/**
 * Students written before events existed have no version: number them and tell the log book about each, once.
 * Run at start; a second instance doing the same at once only sends the same state twice.
 */
export async function publishUnversioned(): Promise<number> {
  const docs = await StudentModel.find({ version: null }).select({ _id: 1 }).lean();
  for (const { _id } of docs) {
    await StudentModel.updateOne({ _id, version: null }, { $set: { version: 1 } });
    await publisher.changed('student', _id);
  }
  return docs.length;
}
