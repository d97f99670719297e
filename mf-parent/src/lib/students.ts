import type { ScopedMutator } from 'swr';
import { fetcher } from '@logbook/shell-context/swrConfig';
import { studentSchema, type Student } from '@logbook/contracts/schemas';
import { STUDENTS_KEY, studentKey } from './apiKeys';

const studentListSchema = studentSchema.array();

export async function fetchStudents(key: string): Promise<Student[]> {
  return studentListSchema.parse(await fetcher(key));
}

export async function fetchStudent(key: string): Promise<Student> {
  return studentSchema.parse(await fetcher(key));
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
