import useSWR from 'swr';
import type { Student } from '@logbook/contracts/schemas';
import { studentKey } from '../../../lib/apiKeys';
import { fetchStudent } from '../../../lib/students';

/** One student (GET /api/students/:id), asked again each time a screen opens; a null id waits. */
export function useStudent(id: number | null) {
  return useSWR<Student>(id === null ? null : studentKey(id), fetchStudent, { revalidateOnMount: true });
}
