import useSWR from 'swr';
import { readinessAnswer, type Readiness } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';
import { sessionReadinessKey } from '../../../lib/sessionKeys';

const fetchReadiness = (url: string) => apiFetch(url, readinessAnswer);

/** Whether the log book would pass today; refreshed with every other read of the student's sessions. */
export function useReadiness(studentId: number | undefined, enabled = true) {
  return useSWR<Readiness>(studentId && enabled ? sessionReadinessKey(studentId) : null, fetchReadiness);
}
