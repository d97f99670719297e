import useSWR, { type ScopedMutator } from 'swr';
import { studentAnswer, studentListAnswer, type Student } from '@logbook/contracts/view';
import { apiFetch, readAsked } from './apiClient';
import { useAskAgainIfSetAside } from './useAskAgainIfSetAside';

/** The swr keys of the students: each is the URL it GETs, so every remote shares one cached answer per student. */
export const STUDENTS_KEY = '/api/students';
export const studentKey = (id: number | string) => `${STUDENTS_KEY}/${id}`;

/** GET /api/students (or its answer `asked` earlier), checked: a screen never draws a student of the wrong shape. */
export const fetchStudents = (key: string, asked?: Promise<Response>): Promise<Student[]> =>
  asked ? readAsked(asked, key, studentListAnswer) : apiFetch(key, studentListAnswer);

/** GET /api/students/:id (or its answer `asked` earlier), checked against the contract. */
export const fetchStudent = (key: string, asked?: Promise<Response>): Promise<Student> =>
  asked ? readAsked(asked, key, studentAnswer) : apiFetch(key, studentAnswer);

/** One student, asked again each time a screen opens; no id (null or undefined) waits. */
export function useStudent(id: number | null | undefined) {
  return useSWR<Student>(id === null || id === undefined ? null : studentKey(id), fetchStudent, {
    revalidateOnMount: true,
  });
}

/**
 * The signed-in parent's students. Asked again each time a screen opens, showing the cached list meanwhile:
 * subscriptions and logins also change on other screens and in other tabs. A screen opened a moment after another
 * still asks (no deduping window), so a list fetched while a subscription was starting is not what the next screen
 * keeps; screens open at the same time share the one request in flight.
 */
export function useStudents(enabled = true) {
  const students = useSWR<Student[]>(enabled ? STUDENTS_KEY : null, fetchStudents, {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  useAskAgainIfSetAside(students, enabled);
  return students;
}

/**
 * Puts the server's current students list (and one student) into the cache after a change, whether or not a screen
 * showing them is open now, so the dashboard never opens on the list from before the change.
 */
export async function refreshStudents(mutate: ScopedMutator, studentId?: number): Promise<void> {
  // When a refresh fails the old answer stays; screens fetch again when they open.
  const keep = () => undefined;
  await Promise.all([
    mutate(STUDENTS_KEY, fetchStudents(STUDENTS_KEY), { revalidate: false }).catch(keep),
    studentId === undefined
      ? undefined
      : mutate(studentKey(studentId), fetchStudent(studentKey(studentId)), { revalidate: false }).catch(keep),
  ]);
}
