import type { Role, World } from './world';
import { sessionBody } from './world';

type Expect = Record<Role, number>;

export interface MatrixEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the service declares it. */
  route: string;
  url: (w: World) => string;
  body?: (w: World, role: Role) => unknown;
  expect: Expect;
  /** Ends the caller's own session: run after every other entry. */
  endsSession?: boolean;
}

const all = (status: number): Expect => ({
  nobody: status,
  parentA: status,
  parentB: status,
  studentA1: status,
  studentA2: status,
  studentB: status,
});
/** Parent A only (parent-only routes about parent A's student). */
const parentAOnly = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: 404,
  studentA1: 401,
  studentA2: 401,
  studentB: 401,
});
/** Any parent for their own account; students are not parents. */
const anyParent = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: ok,
  studentA1: 401,
  studentA2: 401,
  studentB: 401,
});
/** Student A1's data: their parent or themselves. */
const ownerOfA1 = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: 404,
  studentA1: ok,
  studentA2: 404,
  studentB: 404,
});

const unique = () => Math.random().toString(36).slice(2, 10);
/** A verification code of the right shape (16 base32 characters), so the lookup itself is what answers. */
const unknownVerificationCode = () =>
  Array.from({ length: 16 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[Math.floor(Math.random() * 32)]).join('');

export const MATRIX: MatrixEntry[] = [
  // svc-auth
  {
    method: 'POST',
    route: '/api/register',
    url: () => '/api/register',
    body: () => ({ email: `new-${unique()}@example.com`, password: 'secret-pass' }),
    expect: all(201),
  },
  {
    method: 'POST',
    route: '/api/login',
    url: () => '/api/login',
    body: () => ({ email: `nobody-${unique()}@example.com`, password: 'wrong-pass' }),
    expect: all(401),
  },
  { method: 'GET', route: '/api/user', url: () => '/api/user', expect: anyParent(200) },
  {
    method: 'POST',
    route: '/api/student-login',
    url: () => '/api/student-login',
    body: () => ({ studentUsername: `none-${unique()}`, studentPassword: 'wrong' }),
    expect: all(401),
  },
  {
    method: 'GET',
    route: '/api/student-auth',
    url: () => '/api/student-auth',
    expect: { nobody: 401, parentA: 401, parentB: 401, studentA1: 200, studentA2: 200, studentB: 200 },
  },

  // svc-students
  { method: 'GET', route: '/api/students', url: () => '/api/students', expect: anyParent(200) },
  {
    method: 'POST',
    route: '/api/students',
    url: () => '/api/students',
    body: () => ({ firstName: 'New', lastName: 'Learner', dateOfBirth: '2010-01-01' }),
    expect: anyParent(201),
  },
  { method: 'GET', route: '/api/students/:id', url: (w) => `/api/students/${w.ids.A1}`, expect: parentAOnly(200) },
  {
    method: 'PUT',
    route: '/api/students/:id',
    url: (w) => `/api/students/${w.ids.A1}`,
    body: () => ({ firstName: 'Ava', lastName: 'Learner', dateOfBirth: '2009-05-01', licenseNumber: 'L-77' }),
    expect: parentAOnly(200),
  },
  {
    method: 'GET',
    route: '/api/students/:id/opening-balance',
    url: (w) => `/api/students/${w.ids.A1}/opening-balance`,
    expect: parentAOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/students/:id/opening-balance',
    url: (w) => `/api/students/${w.ids.A1}/opening-balance`,
    body: () => ({ dayHours: 3, nightHours: 1, note: 'Paper log book, first month' }),
    expect: parentAOnly(200),
  },
  {
    method: 'POST',
    route: '/api/students/:id/create-login',
    url: (w) => `/api/students/${w.ids.A3}/create-login`,
    body: () => ({ studentUsername: `x-${unique()}`, studentPassword: 'pass-word' }),
    expect: parentAOnly(409),
  },
  {
    method: 'PUT',
    route: '/api/students/:id/update-login',
    url: (w) => `/api/students/${w.ids.A3}/update-login`,
    body: () => ({ studentUsername: `cal2-${unique()}`, studentPassword: 'new-pass' }),
    expect: parentAOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/students/:id/delete-login',
    url: (w) => `/api/students/${w.ids.A3}/delete-login`,
    expect: parentAOnly(200),
  },

  // svc-billing
  { method: 'GET', route: '/api/billing/config', url: () => '/api/billing/config', expect: all(200) },
  {
    method: 'POST',
    route: '/api/create-subscription',
    url: () => '/api/create-subscription',
    body: (w) => ({ studentId: w.ids.A1 }),
    expect: parentAOnly(409),
  },
  {
    method: 'GET',
    route: '/api/subscription/:studentId',
    url: (w) => `/api/subscription/${w.ids.A1}`,
    expect: parentAOnly(200),
  },
  {
    method: 'POST',
    route: '/api/cancel-subscription',
    url: () => '/api/cancel-subscription',
    body: (w) => ({ studentId: w.ids.A4 }),
    expect: parentAOnly(200),
  },
  {
    method: 'POST',
    route: '/api/billing/simulate/confirm',
    url: () => '/api/billing/simulate/confirm',
    body: () => ({ clientSecret: `seti_${unique()}_secret_${unique()}` }),
    expect: { ...anyParent(404) },
  },
  {
    method: 'POST',
    route: '/api/billing/simulate/renewal-failure',
    url: () => '/api/billing/simulate/renewal-failure',
    body: (w) => ({ studentId: w.ids.A2 }),
    expect: parentAOnly(200),
  },
  {
    method: 'POST',
    route: '/api/stripe/webhook',
    url: () => '/api/stripe/webhook',
    body: () => ({ id: 'evt_forged', type: 'customer.subscription.updated' }),
    expect: all(400),
  },

  // svc-logbook
  {
    method: 'POST',
    route: '/api/driving-sessions',
    url: () => '/api/driving-sessions',
    body: (w) => sessionBody(w.ids.A1),
    expect: ownerOfA1(201),
  },
  {
    method: 'GET',
    route: '/api/driving-sessions/:studentId',
    url: (w) => `/api/driving-sessions/${w.ids.A1}`,
    expect: ownerOfA1(200),
  },
  {
    method: 'GET',
    route: '/api/driving-sessions/:studentId/summary',
    url: (w) => `/api/driving-sessions/${w.ids.A1}/summary`,
    expect: ownerOfA1(200),
  },
  {
    method: 'GET',
    route: '/api/driving-sessions/:studentId/pdf',
    url: (w) => `/api/driving-sessions/${w.ids.A1}/pdf`,
    expect: ownerOfA1(200),
  },
  {
    method: 'GET',
    route: '/api/driving-sessions/:studentId/insights',
    url: (w) => `/api/driving-sessions/${w.ids.A1}/insights`,
    expect: ownerOfA1(200),
  },
  {
    method: 'GET',
    route: '/api/driving-sessions/:studentId/verification',
    url: (w) => `/api/driving-sessions/${w.ids.A1}/verification`,
    expect: ownerOfA1(200),
  },
  // Public: no cookie needed, and a code no log book has is unknown to everyone alike.
  {
    method: 'GET',
    route: '/api/verify/:code',
    url: () => `/api/verify/${unknownVerificationCode()}`,
    expect: all(404),
  },
  { method: 'GET', route: '/api/settings', url: () => '/api/settings', expect: { ...all(200), nobody: 401 } },
  {
    method: 'PUT',
    route: '/api/settings/:key',
    url: () => '/api/settings/dayTimeTargetHours',
    body: () => ({ value: 70 }),
    expect: anyParent(200),
  },
  {
    method: 'POST',
    route: '/api/settings',
    url: () => '/api/settings',
    body: () => ({ key: 'nightTimeTargetHours', value: 20 }),
    expect: anyParent(200),
  },

  // Last: these end the caller's own session.
  { method: 'POST', route: '/api/logout', url: () => '/api/logout', expect: all(200), endsSession: true },
  {
    method: 'POST',
    route: '/api/student-logout',
    url: () => '/api/student-logout',
    expect: all(200),
    endsSession: true,
  },
];

/** Roles with the allowed (2xx) cells last, so a permitted change never hides a refused one. */
export function cellOrder(entry: MatrixEntry): Role[] {
  const roles = Object.keys(entry.expect) as Role[];
  return [...roles.filter((r) => entry.expect[r] >= 400), ...roles.filter((r) => entry.expect[r] < 400)];
}
