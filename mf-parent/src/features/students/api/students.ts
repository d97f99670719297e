import { apiRequest } from '@logbook/shell-context/apiClient';
import { studentSchema, type Student, type StudentData } from '@logbook/contracts/schemas';
import { STUDENTS_KEY, studentKey } from '../../../lib/apiKeys';

/** POST for a new student, PUT for an existing one; answers with the saved student. */
export async function saveStudent(data: StudentData, id?: number): Promise<Student> {
  const res =
    id === undefined ? await apiRequest('POST', STUDENTS_KEY, data) : await apiRequest('PUT', studentKey(id), data);
  return studentSchema.parse(await res.json());
}
