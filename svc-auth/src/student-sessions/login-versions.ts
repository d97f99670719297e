import { endStudentSessions } from '@logbook/service-kit/auth';
import { applyIfNewer } from '@logbook/service-kit/internal';
import { defineModel } from '@logbook/service-kit/model';

/**
 * The newest login version svc-students has told this service of, per student. A sign-in checked against an older
 * login just before it changed could otherwise record its session after the old sessions were ended.
 */
export interface StudentLoginVersion {
  _id: number;
  loginVersion?: number;
}

export const StudentLoginVersionModel = defineModel<StudentLoginVersion>(
  'StudentLoginVersion',
  'student_login_versions',
  { _id: Number, loginVersion: Number },
);

/** The login changed or went: remember its version first, then end every session signed in under an older one. */
export async function loginChanged(studentId: number, loginVersion: number): Promise<void> {
  await applyIfNewer(StudentLoginVersionModel, studentId, 'loginVersion', loginVersion, {});
  await endStudentSessions(studentId, loginVersion);
}

/**
 * Called after a student session is recorded: when the login has moved past the version it was signed in under,
 * the session ends again at once. (The change is remembered before sessions are ended, and the session recorded
 * before this check, so one of the two always sees the other.)
 */
export async function sessionStillCurrent(studentId: number, loginVersion: number): Promise<boolean> {
  const known = await StudentLoginVersionModel.findById(studentId).lean();
  if ((known?.loginVersion ?? 0) <= loginVersion) return true;
  await endStudentSessions(studentId, known!.loginVersion);
  return false;
}
