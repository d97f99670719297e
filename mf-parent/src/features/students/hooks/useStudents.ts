import useSWR from 'swr';
import type { Student } from '@logbook/contracts/schemas';
import { STUDENTS_KEY } from '../../../lib/apiKeys';
import { fetchStudents } from '../api/students';

/** The signed-in parent's students (GET /api/students). */
export function useStudents(enabled = true) {
  return useSWR<Student[]>(enabled ? STUDENTS_KEY : null, fetchStudents);
}
