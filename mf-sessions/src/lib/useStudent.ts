import useSWR from 'swr';
import type { Student, StudentAuth } from '@logbook/contracts/schemas';
import { fetcherOr401Null } from '@logbook/shell-context/swrConfig';

/** GET /api/students/{id}: the student a parent is looking at. */
export function useStudent(studentId: number | undefined) {
  return useSWR<Student>(studentId ? `/api/students/${studentId}` : null);
}

/** GET /api/student-auth: the signed-in student, null when no student is signed in. */
export function useStudentAuth(enabled = true) {
  const result = useSWR<{ student?: StudentAuth } | null>(enabled ? '/api/student-auth' : null, fetcherOr401Null);
  return { ...result, student: result.data?.student ?? null };
}
