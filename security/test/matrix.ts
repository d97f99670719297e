import type { Role, World } from './world';
import { sessionBody } from './world';

type Expect = Record<Role, number>;

export interface MatrixEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the service declares it. */
  route: string;
  /** The target may differ by role: where both guardians of A may remove a thing, each removes their own. */
  url: (w: World, role: Role) => string;
  body?: (w: World, role: Role) => unknown;
  expect: Expect;
  /** The order the roles call in, where it matters (the last guardian cannot leave); else refused cells first. */
  order?: Role[];
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
  guardianA2: status,
  guardianB2: status,
});
/** Parent A only (parent-only routes about parent A's student). */
const parentAOnly = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: 404,
  studentA1: 401,
  studentA2: 401,
  studentB: 401,
  guardianA2: ok,
  guardianB2: 404,
});
/** Family A's subscription: its billing owner alone changes the card, cancels or resumes; its other guardian gets 403. */
const billingOwnerOfA = (ok: number): Expect => ({ ...parentAOnly(ok), guardianA2: 403 });
/** Any parent for their own account; students are not parents. */
const anyParent = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: ok,
  studentA1: 401,
  studentA2: 401,
  studentB: 401,
  guardianA2: ok,
  guardianB2: ok,
});
/** Student A1's data: their parent or themselves. */
const ownerOfA1 = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: 404,
  studentA1: ok,
  studentA2: 404,
  studentB: 404,
  guardianA2: ok,
  guardianB2: 404,
});

/** A parent's own account, checked against their password: a wrong one is refused before anything changes. */
const ownAccountWrongPassword: Expect = {
  nobody: 401,
  parentA: 403,
  parentB: 403,
  studentA1: 401,
  studentA2: 401,
  studentB: 401,
  guardianA2: 403,
  guardianB2: 403,
};
/** An entry of student A1's log book put right or taken out: parent A only; a student may not, another family sees nothing. */
const changeOfA1Entry = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: 404,
  studentA1: 403,
  studentA2: 403,
  studentB: 403,
  guardianA2: ok,
  guardianB2: 404,
});
/** Family A's saved supervisor: parent A changes it; a student changes none; another family sees nothing. */
const supervisorOfA = (ok: number): Expect => ({
  nobody: 401,
  parentA: ok,
  parentB: 404,
  studentA1: 403,
  studentA2: 403,
  studentB: 403,
  guardianA2: ok,
  guardianB2: 404,
});

const unique = () => Math.random().toString(36).slice(2, 10);
/** A verification code of the right shape (16 base32 characters), so the lookup itself is what answers. */
const unknownVerificationCode = () =>
  Array.from({ length: 16 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[Math.floor(Math.random() * 32)]).join('');

/** A signing token of the right shape (32 URL-safe characters), so the lookup itself is what answers. */
const unknownSignOffToken = () =>
  Array.from(
    { length: 32 },
    () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[Math.floor(Math.random() * 64)],
  ).join('');

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
    expect: { ...all(200), nobody: 401, parentA: 401, parentB: 401, guardianA2: 401, guardianB2: 401 },
  },
  // The same answer whether or not the address has an account.
  {
    method: 'POST',
    route: '/api/password-reset',
    url: () => '/api/password-reset',
    body: () => ({ email: `reset-${unique()}@example.com` }),
    expect: all(202),
  },
  {
    method: 'POST',
    route: '/api/password-reset/confirm',
    url: () => '/api/password-reset/confirm',
    body: () => ({ token: `unknown-${unique()}`, password: 'new-pass-word' }),
    expect: all(400),
  },
  {
    method: 'PUT',
    route: '/api/user/password',
    url: () => '/api/user/password',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-pass-word' }),
    expect: ownAccountWrongPassword,
  },
  { method: 'GET', route: '/api/user/export', url: () => '/api/user/export', expect: anyParent(200) },
  {
    method: 'DELETE',
    route: '/api/user',
    url: () => '/api/user',
    body: () => ({ password: 'not-the-password' }),
    expect: ownAccountWrongPassword,
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
    url: (w, role) => `/api/students/${role === 'guardianA2' ? w.ids.A5 : w.ids.A3}/delete-login`,
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
    expect: billingOwnerOfA(200),
  },
  // A4's cancel just set it to end with its period: the parent may take that back.
  {
    method: 'POST',
    route: '/api/billing/resume',
    url: () => '/api/billing/resume',
    body: (w) => ({ studentId: w.ids.A4 }),
    expect: billingOwnerOfA(200),
  },
  {
    method: 'POST',
    route: '/api/billing/card',
    url: () => '/api/billing/card',
    body: (w) => ({ studentId: w.ids.A1 }),
    expect: billingOwnerOfA(200),
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
    body: (w, role) => ({ studentId: role === 'guardianA2' ? w.ids.A5 : w.ids.A2 }),
    expect: parentAOnly(200),
  },
  // A2's renewal has just failed: its open invoice is there to pay.
  {
    method: 'POST',
    route: '/api/billing/payment',
    url: () => '/api/billing/payment',
    body: (w, role) => ({ studentId: role === 'guardianA2' ? w.ids.A5 : w.ids.A2 }),
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
    route: '/api/driving-sessions/:studentId/readiness',
    url: (w) => `/api/driving-sessions/${w.ids.A1}/readiness`,
    expect: ownerOfA1(200),
  },
  // Public and cached: the states' rules are the same for everyone.
  { method: 'GET', route: '/api/state-rules', url: () => '/api/state-rules?on=2026-11-25', expect: all(200) },
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
  // Public: a token of the right shape that no link has is unknown to everyone alike.
  {
    method: 'GET',
    route: '/api/sign-off/:token',
    url: () => `/api/sign-off/${unknownSignOffToken()}`,
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/sign-off/:token',
    url: () => `/api/sign-off/${unknownSignOffToken()}`,
    body: (w) => ({
      supervisorName: 'Pat Supervisor',
      supervisorLicenseNumber: 'SA123456',
      licenceState: 'SA',
      fullLicenceYear: 1998,
      supervisorSignature: sessionBody(w.ids.A1).supervisorSignature,
    }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/sign-off/:token/decline',
    url: () => `/api/sign-off/${unknownSignOffToken()}/decline`,
    body: () => ({ reason: 'I was not there' }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/signing/entry',
    url: () => '/api/signing/entry',
    body: () => ({ token: unknownSignOffToken() }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/signing/sign',
    url: () => '/api/signing/sign',
    body: (w) => ({
      token: unknownSignOffToken(),
      supervisorName: 'Pat Supervisor',
      supervisorLicenseNumber: 'SA123456',
      licenceState: 'SA',
      fullLicenceYear: 1998,
      supervisorSignature: sessionBody(w.ids.A1).supervisorSignature,
    }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/signing/decline',
    url: () => '/api/signing/decline',
    body: () => ({ token: unknownSignOffToken(), reason: 'I was not there' }),
    expect: all(404),
  },
  // Parent A's entry, which awaits no signature: parent A is told so (409).
  {
    method: 'POST',
    route: '/api/driving-sessions/:id/sign-off/resend',
    url: (w) => `/api/driving-sessions/${w.ids.sessionA1}/sign-off/resend`,
    body: () => ({}),
    expect: changeOfA1Entry(409),
  },
  {
    method: 'POST',
    route: '/api/driving-sessions/:id/sign-off/cancel',
    url: (w) => `/api/driving-sessions/${w.ids.sessionA1}/sign-off/cancel`,
    expect: changeOfA1Entry(409),
  },
  {
    method: 'POST',
    route: '/api/driving-sessions/:id/correction',
    url: (w, role) =>
      `/api/driving-sessions/${role === 'guardianA2' ? w.ids.thirdSessionA1 : w.ids.sessionA1}/correction`,
    // At times of its own: each role puts right a different entry, and a correction may not overlap another.
    body: (w) => ({ ...sessionBody(w.ids.A1), reason: 'Wrong times' }),
    expect: changeOfA1Entry(201),
  },
  {
    method: 'POST',
    route: '/api/driving-sessions/:id/removal',
    url: (w, role) =>
      `/api/driving-sessions/${role === 'guardianA2' ? w.ids.secondSessionA1 : w.ids.otherSessionA1}/removal`,
    body: () => ({ reason: 'Logged twice' }),
    expect: changeOfA1Entry(200),
  },
  // Each family's own list; students of the family read it and may add to it.
  { method: 'GET', route: '/api/supervisors', url: () => '/api/supervisors', expect: { ...all(200), nobody: 401 } },
  {
    method: 'POST',
    route: '/api/supervisors',
    url: () => '/api/supervisors',
    body: () => ({ name: `Sup ${unique()}`, licenseNumber: `L${unique()}`, isInstructor: false }),
    expect: { ...all(201), nobody: 401 },
  },
  {
    method: 'PUT',
    route: '/api/supervisors/:id',
    url: (w) => `/api/supervisors/${w.ids.supervisorA}`,
    body: () => ({ name: 'Sam Saved', licenseNumber: 'SA777777', isInstructor: true }),
    expect: supervisorOfA(200),
  },
  {
    method: 'DELETE',
    route: '/api/supervisors/:id',
    url: (w, role) => `/api/supervisors/${role === 'guardianA2' ? w.ids.secondSupervisorA : w.ids.supervisorA}`,
    expect: supervisorOfA(204),
  },
  { method: 'GET', route: '/api/vehicles', url: () => '/api/vehicles', expect: { ...all(200), nobody: 401 } },
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
  { method: 'DELETE', route: '/api/settings/targets', url: () => '/api/settings/targets', expect: anyParent(200) },

  // svc-auth: the family's guardians
  { method: 'GET', route: '/api/family', url: () => '/api/family', expect: anyParent(200) },
  {
    method: 'POST',
    route: '/api/family/invitations',
    url: () => '/api/family/invitations',
    body: () => ({ email: `invitee-${unique()}@example.com` }),
    expect: anyParent(202),
  },
  // Public: a token no invitation has is unknown to everyone alike.
  {
    method: 'POST',
    route: '/api/family/invitations/open',
    url: () => '/api/family/invitations/open',
    body: () => ({ token: unknownSignOffToken() }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/family/join',
    url: () => '/api/family/join',
    body: () => ({ token: unknownSignOffToken() }),
    expect: anyParent(404),
  },
  // The billing owner of A removes A's third guardian; A's other guardian may not, another family's finds no one.
  {
    method: 'DELETE',
    route: '/api/family/guardians/:id',
    url: (w) => `/api/family/guardians/${w.ids.guardianA3}`,
    expect: { ...parentAOnly(204), guardianA2: 403, guardianB2: 403 },
  },

  // A3 goes last of the students: its login was the target of the entries above.
  {
    method: 'DELETE',
    route: '/api/students/:id',
    url: (w, role) => `/api/students/${role === 'guardianA2' ? w.ids.A5 : w.ids.A3}`,
    expect: parentAOnly(204),
  },

  // Last: these end the caller's own session. Each family's second guardian leaves; then its first is the last one.
  {
    method: 'POST',
    route: '/api/family/leave',
    url: () => '/api/family/leave',
    expect: { ...anyParent(200), parentA: 409, parentB: 409 },
    order: ['nobody', 'studentA1', 'studentA2', 'studentB', 'guardianA2', 'guardianB2', 'parentA', 'parentB'],
    endsSession: true,
  },
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
  if (entry.order) return entry.order;
  const roles = Object.keys(entry.expect) as Role[];
  return [...roles.filter((r) => entry.expect[r] >= 400), ...roles.filter((r) => entry.expect[r] < 400)];
}
