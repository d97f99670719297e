import { apiRequest } from '@logbook/shell-context/apiClient';
import { fetcher } from '@logbook/shell-context/swrConfig';
import { studentSchema, type Student, type StudentData } from '@logbook/contracts/schemas';
import { STUDENTS_KEY, studentKey } from '../../../lib/apiKeys';

const studentListSchema = studentSchema.array();

export async function fetchStudents(key: string): Promise<Student[]> {
  return studentListSchema.parse(await fetcher(key));
}

export async function fetchStudent(key: string): Promise<Student> {
  return studentSchema.parse(await fetcher(key));
}

/** POST for a new student, PUT for an existing one; answers with the saved student. */
export async function saveStudent(data: StudentData, id?: number): Promise<Student> {
  const res =
    id === undefined ? await apiRequest('POST', STUDENTS_KEY, data) : await apiRequest('PUT', studentKey(id), data);
  return studentSchema.parse(await res.json());
}
