import { apiRequest } from '@logbook/shell-context/shared';
import type { StudentCredentials } from '@logbook/contracts/view';
import { studentKey } from '../../../lib/apiKeys';

export const createStudentLogin = (studentId: number, credentials: StudentCredentials) =>
  apiRequest('POST', `${studentKey(studentId)}/create-login`, credentials);

export const updateStudentLogin = (studentId: number, credentials: StudentCredentials) =>
  apiRequest('PUT', `${studentKey(studentId)}/update-login`, credentials);

export const deleteStudentLogin = (studentId: number) => apiRequest('DELETE', `${studentKey(studentId)}/delete-login`);
