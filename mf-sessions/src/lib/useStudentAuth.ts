import useSWR from 'swr';
import type { StudentAuth } from '@logbook/contracts/view';
import { fetcherOr401Null } from '@logbook/shell-context/shared';

/** GET /api/student-auth: the signed-in student, null when no student is signed in. */
export function useStudentAuth(enabled = true) {
  const result = useSWR<{ student?: StudentAuth } | null>(enabled ? '/api/student-auth' : null, fetcherOr401Null);
  return { ...result, student: result.data?.student ?? null };
}
