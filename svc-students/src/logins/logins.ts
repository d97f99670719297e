import { API_ERRORS } from '@logbook/contracts/messages';
import type { Student, StudentCredentials } from '@logbook/contracts/schemas';
import { studentUsernameKey } from '@logbook/contracts/student-usernames';
import { isActive } from '@logbook/contracts/subscription';
import { conflict, forbidden } from '@logbook/service-kit/errors';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { passwordHashing } from '@logbook/service-kit/password-hash';
import { publisher } from '../events/publisher';
import { StudentModel } from '../students/model';
import { findOwnStudent, toStudentResponse } from '../students/students';

export const PASSWORD_HASH_ROUNDS = 10;

function requireActive(student: { subscriptionStatus: string }) {
  if (!isActive(student.subscriptionStatus)) throw forbidden(API_ERRORS.subscriptionRequired);
}

/** The unique indexes decide who gets a username, so two families racing for one name cannot both have it. */
async function claimingUsername<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(API_ERRORS.usernameTaken);
    throw err;
  }
}

/** A cheap early answer for a name already held by another student, before spending a password hash on it. */
async function refuseTakenUsername(credentials: StudentCredentials, studentId: number) {
  const holder = await StudentModel.exists({
    studentUsernameKey: studentUsernameKey(credentials.studentUsername),
    _id: { $ne: studentId },
  });
  if (holder) throw conflict(API_ERRORS.usernameTaken);
}

/** Usernames are kept in lower case, so sign-in works whatever case the student types. */
async function loginFields(credentials: StudentCredentials) {
  const username = studentUsernameKey(credentials.studentUsername);
  return {
    studentUsername: username,
    studentUsernameKey: username,
    studentPassword: await passwordHashing.hash(credentials.studentPassword, PASSWORD_HASH_ROUNDS),
  };
}

/**
 * The student as this request's login write left them: the fields it set, the rest read back. (The write itself is an
 * `updateOne`: find-and-modify does not keep its guard on every server this runs on.)
 */
async function afterLoginWrite(parentUserId: number, studentId: number, studentUsername: string | null) {
  const now = await findOwnStudent(parentUserId, studentId);
  return toStudentResponse({
    ...now,
    hasStudentLogin: studentUsername !== null,
    studentUsername: studentUsername ?? '',
  });
}

/** Why a guarded write matched nothing: the student (still ours) changed login state between the read and the write. */
async function loginStateConflict(parentUserId: number, studentId: number, expectLogin: boolean) {
  const now = await findOwnStudent(parentUserId, studentId);
  requireActive(now);
  return conflict(expectLogin ? API_ERRORS.noLogin : API_ERRORS.loginExists);
}

/**
 * A username and password for the student: a new login (`existing` false), or new credentials for the one they have,
 * whose sessions signed in with the old ones end (svc-auth ends them on the event). The write is guarded on the login
 * state read, so of writes racing for one student exactly one makes the login, and a login removed meanwhile never
 * gets credentials back.
 */
async function writeLogin(parentUserId: number, studentId: number, credentials: StudentCredentials, existing: boolean) {
  const student = await findOwnStudent(parentUserId, studentId);
  requireActive(student);
  if (Boolean(student.hasStudentLogin) !== existing)
    throw conflict(existing ? API_ERRORS.noLogin : API_ERRORS.loginExists);
  await refuseTakenUsername(credentials, studentId);
  const fields = await loginFields(credentials);
  const written = await claimingUsername(() =>
    updateIfMatches(
      StudentModel,
      {
        _id: studentId,
        userId: parentUserId,
        hasStudentLogin: existing ? true : { $ne: true },
        subscriptionStatus: 'active',
      },
      existing ? { $set: fields, $inc: { loginVersion: 1 } } : { $set: { ...fields, hasStudentLogin: true } },
    ),
  );
  if (!written) throw await loginStateConflict(parentUserId, studentId, existing);
  if (existing) await publisher.changed('student-login', studentId);
  return afterLoginWrite(parentUserId, studentId, fields.studentUsername);
}

export const createLogin = (parentUserId: number, studentId: number, credentials: StudentCredentials) =>
  writeLogin(parentUserId, studentId, credentials, false);

export const updateLogin = (parentUserId: number, studentId: number, credentials: StudentCredentials) =>
  writeLogin(parentUserId, studentId, credentials, true);

/**
 * Removes the login whatever the subscription says: taking access away must always be possible.
 * The version bump tells svc-auth which sessions to end: every one signed in before it.
 */
export async function deleteLogin(parentUserId: number, studentId: number): Promise<Student> {
  const student = await findOwnStudent(parentUserId, studentId);
  if (!student.hasStudentLogin) throw conflict(API_ERRORS.noLogin);
  const removed = await updateIfMatches(
    StudentModel,
    // Of removals racing for one login exactly one removes it; the others answer that there is none.
    { _id: studentId, userId: parentUserId, hasStudentLogin: true },
    {
      $set: { hasStudentLogin: false },
      $unset: { studentUsername: '', studentUsernameKey: '', studentPassword: '' },
      $inc: { loginVersion: 1 },
    },
  );
  if (!removed) throw conflict(API_ERRORS.noLogin);
  await publisher.changed('student-login', studentId);
  return afterLoginWrite(parentUserId, studentId, null);
}
