import { ApiError, apiRequest, throwIfNotOk } from '@logbook/shell-context/apiClient';
import { studentAuthSchema, type StudentAuth, type StudentCredentials } from '@logbook/contracts/schemas';

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
  const parsed = studentAuthSchema.safeParse(body);
  return parsed.success ? parsed.data.student : null;
}

/** GET /api/student-auth: `{ student }`, or null when signed out (401 or no student in the answer). */
export async function fetchStudentAuth(url: string = STUDENT_AUTH_KEY): Promise<StudentAuthAnswer | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 401) return null;
  await throwIfNotOk(res);
  const student = studentFromBody(await res.json().catch(() => null));
  return student ? { student } : null;
}

export async function signInStudent(credentials: StudentCredentials): Promise<SignInOutcome> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/student-login', credentials);
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, kind: 'rejected', serverMessage: error.serverMessage };
    return { ok: false, kind: 'network' };
  }
  const student = studentFromBody(await res.json().catch(() => null));
  return student ? { ok: true, student } : { ok: false, kind: 'rejected' };
}

/** POST /api/student-logout; throws when the server or the network refuses. */
export async function signOutStudent(): Promise<void> {
  await apiRequest('POST', '/api/student-logout');
}
