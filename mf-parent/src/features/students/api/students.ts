import { apiRequest, readAnswer } from '@logbook/shell-context/shared';
import { studentAnswer, type Student, type StudentData } from '@logbook/contracts/view';
import { STUDENTS_KEY, studentKey } from '../../../lib/apiKeys';

/** POST for a new student, PUT for an existing one; answers with the saved student. */
export async function saveStudent(data: StudentData, id?: number): Promise<Student> {
  const url = id === undefined ? STUDENTS_KEY : studentKey(id);
  return readAnswer(await apiRequest(id === undefined ? 'POST' : 'PUT', url, data), studentAnswer, url);
}

/** DELETE /api/students/:id: stops the student's subscription, ends their login, removes their sessions. */
export async function removeStudent(id: number): Promise<void> {
  await apiRequest('DELETE', studentKey(id));
}
