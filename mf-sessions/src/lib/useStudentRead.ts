import useSWR from 'swr';
import type { Answer } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';

/**
 * One of a student's figures (the progress summary, the pace, the readiness) at the key made from their id, read by
 * its answer's shape and refreshed with every other read of their sessions; nothing is asked without a student or
 * while `enabled` is false.
 */
export function useStudentRead<T>(
  keyOf: (studentId: number) => string,
  answer: Answer<T>,
  studentId: number | undefined,
  enabled = true,
) {
  return useSWR<T>(studentId && enabled ? keyOf(studentId) : null, (url: string) => apiFetch(url, answer));
}
