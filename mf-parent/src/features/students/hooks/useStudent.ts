import useSWR from 'swr';
import type { Student } from '@logbook/contracts/schemas';
import { studentKey } from '../../../lib/apiKeys';
import { fetchStudent } from '../api/students';

/** One student (GET /api/students/:id); null id waits. */
export function useStudent(id: number | null) {
  return useSWR<Student>(id === null ? null : studentKey(id), fetchStudent);
}
