import useSWR from 'swr';
import type { StudentAuth } from '@logbook/contracts/schemas';
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
  isLoading: boolean;
}

/** What the student-auth answer means for a screen: a student, signed out, not known yet, or not reachable. */
export function studentAuthState({ data, error }: StudentAuthSnapshot): StudentAuthState {
  if (data?.student) return { status: 'signedIn', student: data.student };
  if (data !== undefined) return { status: 'signedOut' };
  if (error) return { status: 'unavailable', error };
  return { status: 'checking' };
}

/**
 * The signed-in student. Each screen that mounts asks the server again, so a login deleted by the parent
 * sends the student back to sign-in on their next step.
 */
export function useStudentAuth() {
  const { data, error, isLoading, mutate } = useSWR<StudentAuthAnswer | null>(STUDENT_AUTH_KEY, fetchStudentAuth, {
    revalidateOnMount: true,
    // Every screen's check reaches the server, even one opened a moment after the last.
    dedupingInterval: 0,
    shouldRetryOnError: false,
  });
  return { state: studentAuthState({ data, error, isLoading }), retry: () => mutate(), mutate };
}
