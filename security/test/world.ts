import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { PNG } from 'pngjs';
import { drivesInTurn } from '@logbook/service-kit/test-drives';

const { startStack } = require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');

type Stack = Awaited<ReturnType<typeof startStack>>;
export type Role =
  | 'nobody'
  | 'parentA'
  | 'parentB'
  | 'studentA1'
  | 'studentA2'
  | 'studentB'
  /** A second guardian of family A, who joined through an invitation. */
  | 'guardianA2'
  /** A second guardian of family B: another family's guardian to family A. */
  | 'guardianB2';

export interface Reply {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

/** Speaks to the gateway as a browser on the app's own origin would, with the cookies it is given. */
/** Setup steps (not the subject of a test) are tried once more after a 5xx from a briefly overloaded machine. */
async function setupCall(...args: Parameters<typeof call>): Promise<Reply> {
  const first = await call(...args);
  if (first.status < 500) return first;
  await new Promise((r) => setTimeout(r, 1000));
  return call(...args);
}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.raw !== undefined) {
    body = opts.raw;
    headers['content-type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

const cookiesOf = (res: Reply) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** A signature as the pad makes it: 400x150 at pixel ratio 2 with a stroke. */
function signature(seed = 1): string {
  const png = new PNG({ width: 800, height: 300 });
  png.data.fill(255);
  for (let x = 40; x < 760; x++) {
    const y = Math.round(150 + Math.sin(x / 40 + seed) * 60);
    for (let dy = -2; dy <= 2; dy++) {
      const i = ((y + dy) * 800 + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

export const SIGNATURE = signature();

const nextDrive = drivesInTurn('2026-03-14');

/**
 * A session as the form sends it: without a start and end, the learner's next drive of an hour and a half; with them,
 * on the day after, which those drives never reach.
 */
export function sessionBody(studentId: number, extra: Record<string, unknown> = {}) {
  const timed = 'startTime' in extra || 'endTime' in extra;
  return {
    studentId,
    ...(timed ? { date: '2026-03-15', startTime: '09:00', endTime: '10:30' } : nextDrive(studentId)),
    duration: '1.5 hours',
    startSuburb: 'Norwood',
    endSuburb: 'Glenelg',
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    studentSignature: SIGNATURE,
    supervisorName: 'Pat Supervisor',
    supervisorLicenseNumber: 'SA123456',
    supervisorSignature: SIGNATURE,
    clientId: crypto.randomUUID(),
    coordinates: { latitude: -34.921, longitude: 138.6 },
    ...extra,
  };
}

export interface World {
  stack: Stack;
  cookies: Record<Role, string>;
  /**
   * Students: A1, A2 (siblings of parent A, active, with logins), A3 (active, login; target of login changes and last
   * of removal), A4 (active, target of cancel), B1. Two sessions of A1 (one to correct, one to remove) and a saved
   * supervisor of family A.
   */
  ids: {
    A1: number;
    A2: number;
    A3: number;
    A4: number;
    B1: number;
    sessionA1: number;
    otherSessionA1: number;
    supervisorA: number;
    /** What the second guardian of A changes or removes where the first already did: A5 (login), a session, a supervisor. */
    A5: number;
    secondSessionA1: number;
    /** The entry the second guardian of A corrects. */
    thirdSessionA1: number;
    secondSupervisorA: number;
    /** A third guardian of family A, whom the billing owner removes. */
    guardianA3: number;
  };
  emails: { A: string; B: string };
  db: mongoose.Connection;
}

export async function registerParent(base: string, label: string) {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const reg = await setupCall(base, 'POST', '/api/register', { body: { email, password } });
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${reg.text}`);
  const login = await setupCall(base, 'POST', '/api/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login ${login.status} ${login.text}`);
  return { email, cookie: cookiesOf(login) };
}

/** The newest invitation link emailed to the address, read from the stack's local inbox. */
export async function invitationToken(inboxUrl: string, address: string): Promise<string> {
  for (let i = 0; i < 120; i++) {
    const res = await fetch(`${inboxUrl.replace(/\/$/, '')}/api/email`);
    const all = (await res.json()) as Array<{ text?: string; to: Array<{ address: string }> }>;
    const mail = all.reverse().find((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
    const token = /\/join#([A-Za-z0-9_-]{32})/.exec(mail?.text ?? '')?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation reached ${address}`);
}

/** A new adult invited by the family and joined through the emailed link: their id and their session's cookie. */
async function joinedGuardian(stack: Stack, familyCookie: string, label: string) {
  const base = stack.url;
  const adult = await registerParent(base, label);
  const invited = await setupCall(base, 'POST', '/api/family/invitations', {
    cookie: familyCookie,
    body: { email: adult.email },
  });
  if (invited.status !== 202) throw new Error(`invite ${invited.status} ${invited.text}`);
  const token = await invitationToken(stack.mail!.webUrl, adult.email);
  const joined = await setupCall(base, 'POST', '/api/family/join', { cookie: adult.cookie, body: { token } });
  if (joined.status !== 200) throw new Error(`join ${joined.status} ${joined.text}`);
  const cookie = cookiesOf(joined);
  const me = await setupCall(base, 'GET', '/api/user', { cookie });
  return { id: (me.json as { id: number }).id, cookie };
}

export async function addActiveStudent(base: string, cookie: string, firstName: string, username?: string) {
  const made = await setupCall(base, 'POST', '/api/students', {
    cookie,
    body: { firstName, lastName: 'Learner', dateOfBirth: '2009-05-01' },
  });
  if (made.status !== 201) throw new Error(`student ${made.status} ${made.text}`);
  const id = made.json.id as number;
  const sub = await setupCall(base, 'POST', '/api/create-subscription', { cookie, body: { studentId: id } });
  if (sub.status !== 200) throw new Error(`subscribe ${sub.status} ${sub.text}`);
  const confirm = await setupCall(base, 'POST', '/api/billing/simulate/confirm', {
    cookie,
    body: { clientSecret: sub.json.clientSecret },
  });
  if (confirm.status !== 200) throw new Error(`confirm ${confirm.status} ${confirm.text}`);
  let studentCookie = '';
  if (username) {
    const login = await setupCall(base, 'POST', `/api/students/${id}/create-login`, {
      cookie,
      body: { studentUsername: username, studentPassword: 'learner-pass' },
    });
    if (login.status >= 300) throw new Error(`create-login ${login.status} ${login.text}`);
    const signIn = await setupCall(base, 'POST', '/api/student-login', {
      body: { studentUsername: username, studentPassword: 'learner-pass' },
    });
    if (signIn.status !== 200) throw new Error(`student-login ${signIn.status} ${signIn.text}`);
    studentCookie = cookiesOf(signIn);
  }
  return { id, studentCookie };
}

export async function makeWorld(stackOptions: Parameters<typeof startStack>[0] = {}): Promise<World> {
  const stack = await startStack({
    quiet: true,
    ...stackOptions,
    env: {
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      AUTH_RATE_LIMIT_REGISTER_MAX: '1000',
      // Parent A posts hundreds of hostile and generated sessions in an hour: far past any family's allowance.
      SESSION_POSTS_PER_HOUR: '100000',
      ...stackOptions.env,
    },
  });
  const base = stack.url;
  const tag = crypto.randomUUID().slice(0, 6);
  const A = await registerParent(base, 'parent-a');
  const B = await registerParent(base, 'parent-b');
  const A1 = await addActiveStudent(base, A.cookie, 'Ava', `ava-${tag}`);
  const A2 = await addActiveStudent(base, A.cookie, 'Ben', `ben-${tag}`);
  const A3 = await addActiveStudent(base, A.cookie, 'Cal', `cal-${tag}`);
  const A4 = await addActiveStudent(base, A.cookie, 'Dee');
  const B1 = await addActiveStudent(base, B.cookie, 'Eve', `eve-${tag}`);
  const A5 = await addActiveStudent(base, A.cookie, 'Fay', `fay-${tag}`);
  const guardianA2 = await joinedGuardian(stack, A.cookie, 'guardian-a2');
  const guardianA3 = await joinedGuardian(stack, A.cookie, 'guardian-a3');
  const guardianB2 = await joinedGuardian(stack, B.cookie, 'guardian-b2');
  const logged: number[] = [];
  for (const [cookie, id] of [
    [A.cookie, A1.id],
    [A.cookie, A1.id],
    [A.cookie, A1.id],
    [A.cookie, A1.id],
    [A.cookie, A2.id],
    [B.cookie, B1.id],
  ] as const) {
    const s = await setupCall(base, 'POST', '/api/driving-sessions', { cookie, body: sessionBody(id) });
    if (s.status !== 201) throw new Error(`session ${s.status} ${s.text}`);
    logged.push((s.json as { id: number }).id);
  }
  const supervisor = await setupCall(base, 'POST', '/api/supervisors', {
    cookie: A.cookie,
    body: { name: 'Sam Saved', licenseNumber: 'SA777777', isInstructor: false },
  });
  if (supervisor.status !== 201) throw new Error(`supervisor ${supervisor.status} ${supervisor.text}`);
  const secondSupervisor = await setupCall(base, 'POST', '/api/supervisors', {
    cookie: A.cookie,
    body: { name: 'Sue Saved', licenseNumber: 'SA888888', isInstructor: false },
  });
  if (secondSupervisor.status !== 201) throw new Error(`supervisor ${secondSupervisor.status}`);
  const db = await mongoose.createConnection(stack.databaseUri, { dbName: stack.databaseName }).asPromise();
  return {
    stack,
    cookies: {
      nobody: '',
      parentA: A.cookie,
      parentB: B.cookie,
      studentA1: A1.studentCookie,
      studentA2: A2.studentCookie,
      studentB: B1.studentCookie,
      guardianA2: guardianA2.cookie,
      guardianB2: guardianB2.cookie,
    },
    ids: {
      A1: A1.id,
      A2: A2.id,
      A3: A3.id,
      A4: A4.id,
      B1: B1.id,
      sessionA1: logged[0],
      otherSessionA1: logged[1],
      supervisorA: (supervisor.json as { id: number }).id,
      A5: A5.id,
      secondSessionA1: logged[2],
      thirdSessionA1: logged[3],
      secondSupervisorA: (secondSupervisor.json as { id: number }).id,
      guardianA3: guardianA3.id,
    },
    emails: { A: A.email, B: B.email },
    db,
  };
}

export async function endWorld(world: World | undefined) {
  await world?.db.close().catch(() => undefined);
  await world?.stack.stop();
}

/** Every collection the product writes, less the server-side sessions (a sign-in is allowed to add one). */
const COLLECTIONS = [
  'users',
  'students',
  'driving_sessions',
  'settings',
  'coupons',
  'billing_events',
  'subscription_records',
  'simulated_subscriptions',
  'counters',
];

export async function snapshot(db: mongoose.Connection): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const name of COLLECTIONS) {
    const docs = await db.collection(name).find({}).toArray();
    out[name] = docs
      .map((d) => JSON.parse(JSON.stringify(d)))
      .sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  return JSON.stringify(out);
}
