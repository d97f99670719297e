import { ApiError, ContractError, apiRequest, readAnswer, throwIfNotOk } from '@logbook/shell-context/shared';
import { readShape, studentAuthAnswer, type StudentAuth, type StudentCredentials } from '@logbook/contracts/view';

/**
 * The swr key (and URL) of the signed-in student. mf-sessions reads the same key through the shared cache, so the
 * cached value is always the answer's own shape: `{ student }`, or null when signed out.
 */
export const STUDENT_AUTH_KEY = '/api/student-auth';

export interface StudentAuthAnswer {
  student: StudentAuth;
}

export type SignInOutcome =
  | { ok: true; student: StudentAuth }
  | { ok: false; kind: 'rejected'; serverMessage?: string }
  | { ok: false; kind: 'network' };

/** The student in a student-auth or student-login answer, or null when there is none. */
export function studentFromBody(body: unknown): StudentAuth | null {
  const parsed = readShape(studentAuthAnswer, body);
  return parsed.success ? parsed.data.student : null;
}

/**
 * GET /api/student-auth: `{ student }`, or null when signed out (401). An answer not in the contract's form is a
 * ContractError: the screen cannot tell, so it says the check failed rather than signing the student out.
 */
export async function fetchStudentAuth(url: string = STUDENT_AUTH_KEY): Promise<StudentAuthAnswer | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 401) return null;
  await throwIfNotOk(res);
  const { student } = await readAnswer(res, studentAuthAnswer, url);
  return { student };
}

export async function signInStudent(credentials: StudentCredentials): Promise<SignInOutcome> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/student-login', credentials);
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, kind: 'rejected', serverMessage: error.serverMessage };
    return { ok: false, kind: 'network' };
  }
  try {
    const { student } = await readAnswer(res, studentAuthAnswer, '/api/student-login');
    return { ok: true, student };
  } catch (error) {
    if (error instanceof ContractError) return { ok: false, kind: 'rejected', serverMessage: error.message };
    throw error;
  }
}

/** POST /api/student-logout; throws when the server or the network refuses. */
export async function signOutStudent(): Promise<void> {
  await apiRequest('POST', '/api/student-logout');
}
