import type { Student } from '@logbook/contracts/schemas';
import type { StudentDetailsData as StudentData } from '@logbook/contracts/student-courses';
import { studentUsernameKey } from '@logbook/contracts/student-usernames';
import { normaliseStatus } from '@logbook/contracts/subscription';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { notFound } from '@logbook/service-kit/errors';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { applyIfNewer } from '@logbook/service-kit/internal';
import { API_ERRORS } from '@logbook/contracts/messages';
import { publisher } from '../events/publisher';
import { coursesOf, PUBLIC_FIELDS, StudentModel, type StudentRecord } from './model';

type PublicStudent = Pick<
  StudentRecord,
  | '_id'
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'licenseNumber'
  | 'permitDate'
  | 'courses'
  | 'subscriptionStatus'
  | 'hasStudentLogin'
  | 'studentUsername'
  | 'createdAt'
>;

/** The one shape a student leaves this service in: named fields only, so no secret can slip out. */
export function toStudentResponse(doc: PublicStudent): Student {
  return {
    id: doc._id,
    firstName: doc.firstName,
    lastName: doc.lastName,
    dateOfBirth: doc.dateOfBirth,
    licenseNumber: doc.licenseNumber ?? '',
    permitDate: doc.permitDate || null,
    // Named only when the learner has completed one: the answer of every other student stays as it was.
    ...(doc.courses?.length ? { courses: coursesOf(doc.courses) } : {}),
    subscriptionStatus: normaliseStatus(doc.subscriptionStatus),
    hasStudentLogin: doc.hasStudentLogin === true,
    studentUsername: doc.hasStudentLogin && doc.studentUsername ? doc.studentUsername : null,
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

export async function listStudents(parentUserId: number): Promise<Student[]> {
  const docs = await StudentModel.find({ userId: parentUserId }).select(PUBLIC_FIELDS).sort({ _id: 1 }).lean();
  return docs.map(toStudentResponse);
}

/** A student of this parent, or 404 (another family's student is indistinguishable from a missing one). */
export async function findOwnStudent(parentUserId: number, studentId: number) {
  const doc = await StudentModel.findOne({ _id: studentId, userId: parentUserId }).select(PUBLIC_FIELDS).lean();
  if (!doc) throw notFound(API_ERRORS.studentNotFound);
  return doc;
}

export async function getStudent(parentUserId: number, studentId: number): Promise<Student> {
  return toStudentResponse(await findOwnStudent(parentUserId, studentId));
}

export async function createStudent(parentUserId: number, data: StudentData): Promise<Student> {
  const doc = await createWithNumericId('students', (id) =>
    StudentModel.create({
      _id: id,
      userId: parentUserId,
      firstName: data.firstName,
      lastName: data.lastName,
      dateOfBirth: data.dateOfBirth,
      licenseNumber: data.licenseNumber,
      ...(data.permitDate ? { permitDate: data.permitDate } : {}),
      ...(data.courses?.length ? { courses: coursesOf(data.courses) } : {}),
      version: 1,
    }),
  );
  await publisher.changed('student', doc._id);
  return toStudentResponse(doc);
}

/** Changes the profile only: billing's fields and the login are left as they are. */
export async function updateStudent(parentUserId: number, studentId: number, data: StudentData): Promise<Student> {
  const profile = {
    firstName: data.firstName,
    lastName: data.lastName,
    dateOfBirth: data.dateOfBirth,
    licenseNumber: data.licenseNumber,
    ...(data.permitDate !== undefined ? { permitDate: data.permitDate || null } : {}),
    ...(data.courses !== undefined ? { courses: coursesOf(data.courses) } : {}),
  };
  const saved = await updateIfMatches(
    StudentModel,
    { _id: studentId, userId: parentUserId },
    { $set: profile, $inc: { version: 1 } },
  );
  if (!saved) throw notFound(API_ERRORS.studentNotFound);
  await publisher.changed('student', studentId);
  // Answered as this change left the profile, the rest read back: on the in-memory fallback find-and-modify's own
  // answer can hold another save made at the same moment.
  return toStudentResponse({ ...(await findOwnStudent(parentUserId, studentId)), ...profile });
}

/** Who the student is, as other services are told. */
export const namedStudent = (
  doc: Pick<StudentRecord, '_id' | 'userId' | 'firstName' | 'lastName' | 'subscriptionStatus'>,
) => ({
  id: doc._id,
  userId: doc.userId,
  firstName: doc.firstName,
  lastName: doc.lastName,
  subscriptionStatus: normaliseStatus(doc.subscriptionStatus),
});

/** A student with what the other services may know of them (internal/routes.ts); null when there is none. */
export function studentForServices(id: number) {
  return StudentModel.findById(id)
    .select({ userId: 1, firstName: 1, lastName: 1, dateOfBirth: 1, subscriptionStatus: 1, stripeSubscriptionId: 1 })
    .lean();
}

/** The student a sign-in names, with what the sign-in checks (the password hash among it); null for an unknown name. */
export function studentSigningIn(studentUsername: string) {
  return StudentModel.findOne({ studentUsername: studentUsernameKey(studentUsername) })
    .select({
      userId: 1,
      firstName: 1,
      lastName: 1,
      subscriptionStatus: 1,
      hasStudentLogin: 1,
      studentPassword: 1,
      loginVersion: 1,
    })
    .lean();
}

/** A student's subscription status from svc-billing, unless a later one was applied already. */
export async function applySubscriptionStatus(studentId: number, version: number, status: string) {
  if (!(await StudentModel.exists({ _id: studentId }))) return;
  await applyIfNewer(StudentModel, studentId, 'subscriptionVersion', version, { subscriptionStatus: status });
}
