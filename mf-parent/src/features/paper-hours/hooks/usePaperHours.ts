import useSWR from 'swr';
import type { OpeningBalance } from '@logbook/contracts/view';
import { paperHoursKey } from '../../../lib/apiKeys';
import { fetchPaperHours } from '../api/paperHours';

/** A student's paper hours, asked again each time the screen opens. */
export function usePaperHours(studentId: number) {
  return useSWR<OpeningBalance>(paperHoursKey(studentId), fetchPaperHours, { revalidateOnMount: true });
}
