import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { StudentAuth } from '@logbook/contracts/view';
import { forgetAccount, rememberAccount, studentAccount } from '@logbook/session-device/deviceAccount';
import { fetchStudentAuth, STUDENT_AUTH_KEY, type StudentAuthAnswer } from '../api/studentSession';

export type StudentAuthState =
  | { status: 'checking' }
  | { status: 'signedOut' }
  | { status: 'unavailable'; error: unknown }
  | { status: 'signedIn'; student: StudentAuth };

export interface StudentAuthSnapshot {
  /** The cached answer; another remote may have cached the raw body, so the student is checked, not assumed. */
  data: Partial<StudentAuthAnswer> | null | undefined;
  error: unknown;
}

/** What the student-auth answer means for a screen: a student, signed out, not known yet, or not reachable. */
export function studentAuthState({ data, error }: StudentAuthSnapshot): StudentAuthState {
  if (data?.student) return { status: 'signedIn', student: data.student };
  if (data !== undefined) return { status: 'signedOut' };
  if (error) return { status: 'unavailable', error };
  return { status: 'checking' };
}

/**
 * The signed-in student. Each screen that mounts asks the server again, so a login deleted by the parent sends the
 * student back to sign-in on their next step. Only real answers go into the shared cache: a failed check (offline)
 * stays with this screen, so mf-sessions, which reads the same key, keeps the student it already knew.
 */
export function useStudentAuth() {
  const { data, mutate } = useSWR<StudentAuthAnswer | null>(STUDENT_AUTH_KEY, fetchStudentAuth, {
    revalidateOnMount: false,
  });
  const [error, setError] = useState<unknown>(undefined);

  const check = useCallback(async () => {
    setError(undefined);
    try {
      const answer = await fetchStudentAuth();
      await mutate(answer, { revalidate: false });
    } catch (failure) {
      setError(failure);
    }
  }, [mutate]);

  useEffect(() => {
    void check();
  }, [check]);

  const state = studentAuthState({ data, error });
  const signedInId = state.status === 'signedIn' ? state.student.id : undefined;
  const signedOut = state.status === 'signedOut';
  // The student's drafts and waiting sessions are kept on this device under their own account.
  useEffect(() => {
    if (signedInId !== undefined) rememberAccount(studentAccount(signedInId));
    else if (signedOut) forgetAccount('student');
  }, [signedInId, signedOut]);

  return { state, retry: check, mutate };
}
