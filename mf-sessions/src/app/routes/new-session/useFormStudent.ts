import { useEffect } from 'react';
import {
  forgetAccount,
  parentAccount,
  rememberAccount,
  studentAccount,
  useSignedInAccount,
} from '@logbook/session-device/deviceAccount';
import { useStudent, useCurrentUser } from '@logbook/shell-context/shared';
import {
  forgetSignedInStudent,
  isUnreachable,
  recallStudent,
  rememberStudent,
  type RememberedStudent,
} from '../../../lib/studentCache';
import { useStudentAuth } from '../../../lib/useStudentAuth';

export type Viewer = 'parent' | 'student';

/** The parent's fetch of the student, or the student as this device last saw it when the server is unreachable. */
export interface ParentStudent {
  data?: RememberedStudent;
  error?: unknown;
}

/** The signed-in student's own fetch, or the student as this device last saw them when the server is unreachable. */
export interface SignedInStudent {
  data?: { student?: RememberedStudent } | null;
  error?: unknown;
  isLoading: boolean;
  student: RememberedStudent | null;
}

/**
 * The student the form is for, as the parent (`routeId`) or the signed-in student sees them; whether this device
 * knows it is that account (drafts are read and saved under it: the form waits for it, so it never opens, or saves,
 * another account's drafts; offline, the last account known stays); and whether the student was recalled offline
 * (the session then waits in the outbox).
 */
export function useFormStudent(
  viewer: Viewer,
  routeId: number | undefined,
): { parent: ParentStudent; auth: SignedInStudent; accountReady: boolean; offline: boolean } {
  const parentFetch = useStudent(viewer === 'parent' ? routeId : undefined);
  const authFetch = useStudentAuth(viewer === 'student');
  const currentUser = useCurrentUser(viewer === 'parent');
  const account = useSignedInAccount();

  useEffect(() => {
    if (parentFetch.data) rememberStudent('parent', parentFetch.data);
  }, [parentFetch.data]);
  useEffect(() => {
    if (authFetch.student) {
      rememberStudent('student', authFetch.student);
      rememberAccount(studentAccount(authFetch.student.id));
    } else if (authFetch.data === null) {
      forgetSignedInStudent();
      forgetAccount('student');
    }
  }, [authFetch.student, authFetch.data]);

  const parentView = viewer === 'parent';
  const expectedAccount = parentView
    ? currentUser.user && parentAccount(currentUser.user.id)
    : authFetch.student && studentAccount(authFetch.student.id);
  const accountReady = expectedAccount
    ? account === expectedAccount
    : Boolean(parentView ? currentUser.error : authFetch.error);

  const parentRecalled =
    parentView && parentFetch.error && isUnreachable(parentFetch.error) ? recallStudent('parent', routeId) : undefined;
  const authRecalled =
    !parentView && authFetch.error && isUnreachable(authFetch.error) ? recallStudent('student') : undefined;
  return {
    parent: parentRecalled ? { data: parentRecalled } : parentFetch,
    auth: authRecalled ? { isLoading: false, data: { student: authRecalled }, student: authRecalled } : authFetch,
    accountReady,
    offline: Boolean(parentRecalled || authRecalled),
  };
}
