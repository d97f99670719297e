import type { Student } from '@logbook/contracts/view';
import { CURRENT_USER_KEY } from '@logbook/shell-context/useCurrentUser';

const student = (id: number): Student => ({
  id,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function answer(url: string, signedIn: boolean): [number, unknown] {
  if (url === CURRENT_USER_KEY)
    return signedIn ? [200, { id: 1, email: 'parent@example.com' }] : [401, { message: 'Not signed in' }];
  if (url === '/api/student-auth')
    return [200, { student: { id: 7, firstName: 'Ann', lastName: 'Lee', subscriptionStatus: 'active' } }];
  if (url === '/api/students') return [200, [student(4)]];
  if (/^\/api\/students\/\d+$/.test(url)) return [200, student(Number(url.split('/').pop()))];
  return [404, { message: 'Not found' }];
}

/** A server that answers by path, counting what it is asked; `signedIn` decides /api/user. */
export function server({ signedIn = true } = {}) {
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const [status, body] = answer(url, signedIn);
    const text = JSON.stringify(body);
    return { ok: status < 300, status, statusText: '', text: async () => text, json: async () => body };
  }) as unknown as typeof fetch;
  return asked;
}

/** The students' fetchers as the shell takes them (the page takes them from the federation host's file). */
export const students = () => import('@logbook/shell-context/students');
