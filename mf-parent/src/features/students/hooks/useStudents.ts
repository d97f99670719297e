import useSWR from 'swr';
import { useAskAgainIfSetAside } from '@logbook/shell-context/useAskAgainIfSetAside';
import type { Student } from '@logbook/contracts/schemas';
import { STUDENTS_KEY } from '../../../lib/apiKeys';
import { fetchStudents } from '../../../lib/students';

/**
 * The signed-in parent's students (GET /api/students). Asked again each time a screen opens, showing the cached list
 * meanwhile: subscriptions and logins also change on other screens and in other tabs.
 */
export function useStudents(enabled = true) {
  const students = useSWR<Student[]>(enabled ? STUDENTS_KEY : null, fetchStudents, { revalidateOnMount: true });
  useAskAgainIfSetAside(students, enabled);
  return students;
}
