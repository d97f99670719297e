import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { PNG } from 'pngjs';
import request from 'supertest';
import { PARENT_COOKIE, PRODUCT_NAME, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { calculateDuration } from '@logbook/contracts/duration';
import { FAMILY_MESSAGES } from '@logbook/contracts/family';
import { ACCOUNT_MESSAGES, API_ERRORS } from '@logbook/contracts/messages';
import { internalHeaders } from '@logbook/service-kit/internal';
import { COUNTERS_COLLECTION, OWNERSHIP } from '@logbook/service-kit/ownership';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { buildBillingApp, models as billingModels } from 'svc-billing/app';
import { loadBillingConfig } from 'svc-billing/config';
import { FakeStripe } from 'svc-billing/fake-stripe';
import { createLogbookApp, logbookModels } from 'svc-logbook/app';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { UserModel } from '../src/accounts/model';
import { giveEveryAccountAFamily } from '../src/guardians/migration';
import { FamilyInvitationModel } from '../src/guardians/model';
import { createAuthApp } from '../src/app';
import { accountLockPrefix } from '../src/limits/keys';
import { RateLimitModel } from '../src/limits/model';
import { MailMessageModel } from '../src/mail/model';
import { sendDueMail } from '../src/mail/queue';
import { PasswordResetTokenModel } from '../src/password-reset/model';
import { StudentLoginVersionModel } from '../src/student-sessions/login-versions';
import { freePort, TestInbox } from './inbox';
import { cookiePair } from './support';

/**
 * The family's whole record across the four services, each served here as it runs in production, with billing on the
 * real Stripe SDK against a local Stripe-shaped server and mail through a real SMTP server.
 */
const stripe = new FakeStripe();
let inbox: TestInbox;
let auth: ReturnType<typeof createAuthApp>;
const students = createStudentsApp();
const logbook = createLogbookApp();
let billing: ReturnType<typeof buildBillingApp>['app'];

/** A signature as the pad makes it: a white PNG with a black stroke. */
function signature(): string {
  const png = new PNG({ width: 300, height: 100 });
  png.data.fill(255);
  for (let x = 20; x < 280; x++) {
    const i = ((50 + Math.round(Math.sin(x / 15) * 20)) * 300 + x) * 4;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}
const SIGNATURE = signature();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const GENEROUS = { registerPerIp: 10_000, signInPerIp: 10_000, signInPerAccount: 10_000, resetPerIp: 10_000 };

/** An instance of svc-auth on the test database, sending mail to the test inbox. */
const authApp = (rateLimits: Parameters<typeof createAuthApp>[0] = {}) =>
  createAuthApp({
    rateLimits: { ...GENEROUS, ...rateLimits.rateLimits },
    mail: { smtpUrl: inbox.url, from: 'Learner Logbook <hello@logbook.test>', publicOrigin: 'http://logbook.test' },
    mailQueue: { retryBaseMs: 20, maxDelayMs: 50 },
  });

beforeAll(async () => {
  await setupTestDatabase([
    UserModel,
    RateLimitModel,
    MailMessageModel,
    PasswordResetTokenModel,
    StudentLoginVersionModel,
    FamilyInvitationModel,
    ...studentsModels,
    ...billingModels,
    ...logbookModels,
  ]);
  await stripe.start();
  inbox = new TestInbox(await freePort());
  await inbox.start();
  auth = authApp();
  billing = buildBillingApp(
    loadBillingConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_family',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_family',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_family',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '2000',
    }),
  ).app;
  await servePeers({ auth, students, billing, logbook });
});
afterAll(async () => {
  await inbox.stop();
  await stripe.stop();
  await teardownTestDatabase();
});
beforeEach(() => stripe.reset());

const tag = () => crypto.randomBytes(4).toString('hex');

interface TestStudent {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  subscriptionId: string;
  studentCookie: string;
}

interface TestFamily {
  userId: number;
  email: string;
  password: string;
  cookie: string;
  marker: string;
  students: TestStudent[];
  sessionIds: number[];
}

async function internalEvent(app: typeof students, topic: string, key: number, data: Record<string, unknown>) {
  const res = await request(app)
    .post('/internal/events')
    .set(internalHeaders())
    .send({ topic, key, version: 1_000_000, data });
  expect(res.status).toBe(204);
}

/** A student with a trial subscription at the provider, a login, paper hours and two signed sessions. */
async function addStudent(
  family: Omit<TestFamily, 'students' | 'sessionIds'>,
  n: number,
  username = `kid${family.marker}${n}`,
) {
  const firstName = `Kid${family.marker}${n}`;
  const lastName = `Learner${family.marker}`;
  const made = await request(students)
    .post('/api/students')
    .set('Cookie', family.cookie)
    .send({ firstName, lastName, dateOfBirth: '2008-05-01', licenseNumber: `L${family.marker}${n}` });
  expect(made.status).toBe(201);
  const id = made.body.id as number;
  const subscribed = await request(billing)
    .post('/api/create-subscription')
    .set('Cookie', family.cookie)
    .send({ studentId: id });
  expect(subscribed.status).toBe(200);
  const subscriptionId = subscribed.body.subscriptionId as string;
  expect(stripe.subscriptionStates.get(subscriptionId)?.status).toBe('trialing');
  // The provider's confirmation of the trial, as the webhook would relay it to the readers.
  await internalEvent(students, 'subscription', id, { userId: family.userId, status: 'active' });
  await internalEvent(logbook, 'subscription', id, { userId: family.userId, status: 'active' });

  const password = 'student-pass-1';
  const login = await request(students)
    .post(`/api/students/${id}/create-login`)
    .set('Cookie', family.cookie)
    .send({ studentUsername: username, studentPassword: password });
  expect(login.status).toBe(201);
  const balance = await request(students)
    .put(`/api/students/${id}/opening-balance`)
    .set('Cookie', family.cookie)
    .send({ dayHours: 3, nightHours: 1, note: `Paper ${family.marker}` });
  expect(balance.status).toBe(200);
  const signedIn = await request(auth)
    .post('/api/student-login')
    .send({ studentUsername: username, studentPassword: password });
  expect(signedIn.status).toBe(200);
  return {
    id,
    firstName,
    lastName,
    username,
    password,
    subscriptionId,
    studentCookie: cookiePair(signedIn, STUDENT_COOKIE),
  };
}

async function logSession(family: { cookie: string; marker: string }, studentId: number, start: string) {
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const res = await request(logbook)
    .post('/api/driving-sessions')
    .set('Cookie', family.cookie)
    .send({
      studentId,
      date: '2026-03-07',
      startTime: start,
      endTime: end,
      duration: calculateDuration(start, end),
      startSuburb: `Start${family.marker}`,
      endSuburb: 'Norwood',
      timeOfDay: 'day',
      trafficConditions: 'light',
      roadConditions: 'sealed',
      studentSignature: SIGNATURE,
      supervisorName: `Pat ${family.marker}`,
      supervisorLicenseNumber: 'SA123456',
      supervisorSignature: SIGNATURE,
      vehicleRegistration: 'S123ABC',
      odometerStart: 1000 + Number(start.slice(0, 2)),
      odometerEnd: 1001 + Number(start.slice(0, 2)),
      clientId: crypto.randomUUID(),
    });
  expect([res.status, res.body.message]).toEqual([201, undefined]);
  return res.body.id as number;
}

/** A whole family: account, two students with everything (logins named as given), settings and a saved supervisor. */
async function makeFamily(usernames: string[] = []): Promise<TestFamily> {
  const marker = tag();
  const email = `family-${marker}@example.com`;
  const password = 'family-pass-1';
  const registered = await request(auth).post('/api/register').send({ email, password });
  expect(registered.status).toBe(201);
  const signedIn = await request(auth).post('/api/login').send({ email, password });
  const base = {
    userId: signedIn.body.id as number,
    email,
    password,
    cookie: cookiePair(signedIn, PARENT_COOKIE),
    marker,
  };
  const kids = [await addStudent(base, 1, usernames[0]), await addStudent(base, 2, usernames[1])];
  const sessionIds: number[] = [];
  for (const kid of kids) {
    sessionIds.push(await logSession(base, kid.id, '09:00'), await logSession(base, kid.id, '14:00'));
  }
  const setting = await request(logbook)
    .put('/api/settings/dayTimeTargetHours')
    .set('Cookie', base.cookie)
    .send({ value: 71 });
  expect(setting.status).toBe(200);
  const supervisor = await request(logbook)
    .post('/api/supervisors')
    .set('Cookie', base.cookie)
    .send({ name: `Saved ${marker}`, licenseNumber: 'SA654321', isInstructor: false });
  expect(supervisor.status).toBe(201);
  return { ...base, students: kids, sessionIds };
}

/**
 * Every collection of the database: as the server lists them where it can (a real mongod), and in any case every
 * collection any of the four services defines a model for (all four are loaded here) and every one the ownership
 * table names (the in-memory server has no listCollections).
 */
async function everyCollection(): Promise<string[]> {
  const names = new Set<string>([...Object.keys(OWNERSHIP), COUNTERS_COLLECTION]);
  for (const model of Object.values(mongoose.models)) names.add(model.collection.collectionName);
  try {
    for (const { name } of await mongoose.connection.db!.listCollections().toArray()) names.add(name);
  } catch (err) {
    if (!/no such command/i.test(String(err))) throw err;
  }
  return [...names].sort();
}

interface Owner {
  userId?: number;
  studentIds: number[];
  /** Text only this owner's documents hold: email, names, usernames. */
  markers: string[];
  sessionIds: number[];
}

/** Every document of any collection that belongs to the owner, found by its ids, names and email. */
async function documentsOf(owner: Owner): Promise<string[]> {
  const studentIds = new Set(owner.studentIds);
  const byId: Record<string, 'user' | 'student'> = {
    users: 'user',
    billing_customers: 'user',
    students: 'student',
    student_subscriptions: 'student',
    subscription_records: 'student',
    student_trials: 'student',
    logbook_students: 'student',
    session_chains: 'student',
    student_login_versions: 'student',
  };
  const isUser = (v: unknown) => owner.userId !== undefined && v === owner.userId;
  const found: string[] = [];
  const collections = await everyCollection();
  expect(collections.length).toBeGreaterThan(20);
  for (const name of collections) {
    const docs = await mongoose.connection.db!.collection(name).find({}).toArray();
    for (const doc of docs) {
      const d = doc as Record<string, unknown>;
      const text = JSON.stringify(d);
      const mine =
        owner.markers.some((m) => text.includes(m)) ||
        isUser(d.userId) ||
        isUser(d.parentId) ||
        (name === 'auth_sessions' && d.role === 'student' && studentIds.has(d.subjectId as number)) ||
        studentIds.has(d.studentId as number) ||
        (name.endsWith('outbox') && studentIds.has(d.key as number)) ||
        (byId[name] === 'user' && isUser(d._id)) ||
        (byId[name] === 'student' && studentIds.has(d._id as number)) ||
        (name === 'driving_sessions' && owner.sessionIds.includes(d._id as number));
      if (mine) found.push(`${name}: ${text.slice(0, 160)}`);
    }
  }
  return found;
}

const familyDocuments = (family: TestFamily) =>
  documentsOf({
    userId: family.userId,
    studentIds: family.students.map((s) => s.id),
    markers: [family.email, family.marker, ...family.students.map((s) => s.username)],
    sessionIds: family.sessionIds,
  });

async function deliveredTo(address: string, count: number) {
  for (let i = 0; i < 100 && inbox.to(address).length < count; i++) {
    await sendDueMail();
    await sleep(20);
  }
  return inbox.to(address);
}

describe('GET /api/user/export', () => {
  it('holds everything of the family and nothing of another family', async () => {
    const family = await makeFamily();
    const other = await makeFamily();
    const res = await request(auth).get('/api/user/export').set('Cookie', family.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="learner-logbook-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.body;
    expect(data.product).toBe(PRODUCT_NAME);
    expect(data.account).toEqual({
      id: family.userId,
      email: family.email,
      username: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(data.students.map((s: { id: number }) => s.id)).toEqual(family.students.map((s) => s.id));
    expect(data.students[0]).toMatchObject({
      firstName: family.students[0].firstName,
      lastName: family.students[0].lastName,
      dateOfBirth: '2008-05-01',
      login: { username: family.students[0].username },
      openingBalance: { dayHours: 3, nightHours: 1, note: `Paper ${family.marker}` },
    });
    expect(data.settings).toEqual([{ key: 'dayTimeTargetHours', value: '71', updatedAt: expect.any(String) }]);
    expect(data.supervisors).toEqual([
      expect.objectContaining({ name: `Saved ${family.marker}`, licenseNumber: 'SA654321' }),
    ]);
    expect(data.sessions.map((s: { id: number }) => s.id).sort()).toEqual([...family.sessionIds].sort());
    for (const session of data.sessions) {
      expect(session.signatures).toEqual({ student: SIGNATURE, supervisor: SIGNATURE });
      expect(session.supervisorName).toBe(`Pat ${family.marker}`);
    }
    expect(data.chains).toHaveLength(2);
    // Nothing of the other family, and no secret of this one.
    const text = JSON.stringify(data);
    for (const foreign of [other.email, other.marker, ...other.students.map((s) => s.username)]) {
      expect(text).not.toContain(foreign);
    }
    for (const id of other.sessionIds) expect(data.sessions.map((s: { id: number }) => s.id)).not.toContain(id);
    expect(text).not.toMatch(/\$2[aby]?\$\d\d\$/);
    expect(text).not.toMatch(/"(password|studentPassword)"/);
  });

  it('answers a CSV of the sessions, one row per session, for a spreadsheet', async () => {
    const family = await makeFamily();
    const res = await request(auth).get('/api/user/export?format=csv').set('Cookie', family.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="learner-logbook-sessions-[\d-]+\.csv"/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^sessionId,studentId,studentName,date,startTime,endTime,duration/);
    expect(lines).toHaveLength(1 + family.sessionIds.length);
    const first = family.students[0];
    expect(lines.filter((l) => l.includes(`"${first.firstName} ${first.lastName}"`))).toHaveLength(2);
    expect(lines[1]).toContain(`"Pat ${family.marker}"`);
  });

  it('refuses strangers (401) and a bad format (400)', async () => {
    expect((await request(auth).get('/api/user/export')).status).toBe(401);
    const family = await makeFamily();
    expect((await request(auth).get('/api/user/export?format=xml').set('Cookie', family.cookie)).status).toBe(400);
  });
});

describe('DELETE /api/user', () => {
  it('cancels every subscription at the provider and leaves no document of the family in any collection', async () => {
    const family = await makeFamily();
    const other = await makeFamily();
    expect((await familyDocuments(family)).length).toBeGreaterThan(20);

    const res = await request(auth)
      .delete('/api/user')
      .set('Cookie', family.cookie)
      .send({ password: family.password });
    expect(res.status).toBe(204);
    for (const kid of family.students) {
      expect(stripe.subscriptionStates.get(kid.subscriptionId)?.status).toBe('canceled');
    }
    // The confirmation email arrives; once sent it leaves the queue like everything else of the family.
    const mails = await deliveredTo(family.email, 2);
    expect(mails.map((m) => m.subject)).toContain(`Your ${PRODUCT_NAME} account has been deleted`);
    expect(await familyDocuments(family)).toEqual([]);

    expect((await request(auth).get('/api/user').set('Cookie', family.cookie)).status).toBe(401);
    for (const kid of family.students) {
      expect((await request(auth).get('/api/student-auth').set('Cookie', kid.studentCookie)).status).toBe(401);
      const again = await request(auth)
        .post('/api/student-login')
        .send({ studentUsername: kid.username, studentPassword: kid.password });
      expect(again.status).toBe(401);
    }
    const oldPassword = await request(auth).post('/api/login').send({ email: family.email, password: family.password });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body).toEqual({ message: API_ERRORS.invalidCredentials });

    // The other family keeps everything, its subscriptions included.
    for (const kid of other.students) {
      expect(stripe.subscriptionStates.get(kid.subscriptionId)?.status).toBe('trialing');
    }
    expect((await request(auth).get('/api/user').set('Cookie', other.cookie)).status).toBe(200);
    const theirs = await request(auth).get('/api/user/export').set('Cookie', other.cookie);
    expect(theirs.body.sessions).toHaveLength(4);
    expect(theirs.body.students).toHaveLength(2);
  });

  it("leaves other people's limits alone, even when a student login is named after them, and removes its own", async () => {
    // One instance locks an account after 3 failures from an address, another an address after 3 failures.
    const perAccount = authApp({ rateLimits: { signInPerAccount: 3 } });
    const perAddress = authApp({ rateLimits: { signInPerIp: 3 } });
    const signIn = (ip: string, email: string, password: string, app = perAccount) =>
      request(app).post('/api/login').set('x-forwarded-for', ip).send({ email, password });
    const guessFrom = (ip: string) => signIn(ip, `nobody-${tag()}@example.com`, 'x', perAddress);

    // A victim locked out from one address, and an address that has used up its failed sign-ins.
    const victim = `victim-${tag()}@example.com`;
    expect((await request(auth).post('/api/register').send({ email: victim, password: 'victim-pass-1' })).status).toBe(
      201,
    );
    const victimIp = '198.51.100.50';
    for (let i = 0; i < 3; i++) expect((await signIn(victimIp, victim, `guess-${i}`)).status).toBe(401);
    expect((await signIn(victimIp, victim, 'victim-pass-1')).status).toBe(429);
    const address = `203.0.113.${crypto.randomInt(100, 200)}`;
    for (let i = 0; i < 3; i++) expect((await guessFrom(address)).status).toBe(401);
    expect((await guessFrom(address)).status).toBe(429);

    // A family whose student logins are named after the victim's email and after the address, with failures of its own.
    const family = await makeFamily([victim, address]);
    const ownIp = '198.51.100.51';
    expect((await signIn(ownIp, family.email, 'not-it')).status).toBe(401);
    const studentGuess = await request(perAccount)
      .post('/api/student-login')
      .set('x-forwarded-for', ownIp)
      .send({ studentUsername: family.students[0].username, studentPassword: 'not-it' });
    expect(studentGuess.status).toBe(401);
    const own = [accountLockPrefix('parent-email', family.email), accountLockPrefix('student-username', victim)];
    const ownCounters = async () =>
      (await RateLimitModel.find({}).select({ _id: 1 }).lean()).filter((c) => own.some((p) => c._id.startsWith(p)));
    const ownBefore = await ownCounters();

    const deleted = await request(auth)
      .delete('/api/user')
      .set('Cookie', family.cookie)
      .send({ password: family.password });
    expect(deleted.status).toBe(204);

    const stillLocked = await signIn(victimIp, victim, 'victim-pass-1');
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guessFrom(address)).status).toBe(429);
    // The victim signs in from anywhere else.
    expect((await signIn('198.51.100.52', victim, 'victim-pass-1')).status).toBe(200);
    // Its own counters, and only those, are gone.
    expect(ownBefore).toHaveLength(2);
    expect(await ownCounters()).toEqual([]);
  });

  it("deletes the family's Stripe customer (email, metadata, saved cards) after canceling its subscriptions", async () => {
    const family = await makeFamily();
    const other = await makeFamily();
    const customerOf = (f: typeof family) => stripe.subscriptionStates.get(f.students[0].subscriptionId)!.customer;
    const customer = customerOf(family);
    expect(stripe.customers.has(customer)).toBe(true);
    stripe.reset();

    const res = await request(auth)
      .delete('/api/user')
      .set('Cookie', family.cookie)
      .send({ password: family.password });
    expect(res.status).toBe(204);
    expect(stripe.customers.has(customer)).toBe(false);
    expect(stripe.deletedCustomers.has(customer)).toBe(true);
    const order = stripe.requests.map((r) => `${r.method} ${r.path}`);
    const deletion = order.indexOf(`DELETE /v1/customers/${customer}`);
    expect(deletion).toBeGreaterThan(-1);
    // Each subscription is canceled on its own first (with its pending card form), the customer last.
    for (const kid of family.students)
      expect(order.indexOf(`DELETE /v1/subscriptions/${kid.subscriptionId}`)).toBeLessThan(deletion);
    expect(stripe.customers.has(customerOf(other))).toBe(true);
  });

  it('deletes nothing when the payment provider cannot be reached, and says so', async () => {
    const family = await makeFamily();
    const before = await familyDocuments(family);
    stripe.failNext('DELETE', /^\/v1\/subscriptions\//, 503, 'api_error', 'Service unavailable', { times: 10 });
    const res = await request(auth)
      .delete('/api/user')
      .set('Cookie', family.cookie)
      .send({ password: family.password });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.deleteProviderDown });
    expect(await familyDocuments(family)).toEqual(before);
    for (const kid of family.students) {
      expect(stripe.subscriptionStates.get(kid.subscriptionId)?.status).toBe('trialing');
    }
    expect((await request(auth).get('/api/user').set('Cookie', family.cookie)).status).toBe(200);
  });

  it('refuses a wrong password (403) and hostile bodies (400), deleting nothing', async () => {
    const family = await makeFamily();
    const before = await familyDocuments(family);
    const wrong = await request(auth).delete('/api/user').set('Cookie', family.cookie).send({ password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    const hostile = await request(auth)
      .delete('/api/user')
      .set('Cookie', family.cookie)
      .send({ password: { $ne: '' } });
    expect(hostile.status).toBe(400);
    expect((await request(auth).delete('/api/user').send({ password: family.password })).status).toBe(401);
    expect(stripe.calls('DELETE', /^\/v1\/subscriptions\//)).toEqual([]);
    expect(await familyDocuments(family)).toEqual(before);
  });
});

describe("a parent's new password ends the family's sessions", () => {
  const resetLinkToken = async (email: string, count: number) => {
    const mail = (await deliveredTo(email, count)).find((m) => m.subject.startsWith('Reset'));
    const link = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    return link![1];
  };
  const studentAuth = (cookie: string) => request(auth).get('/api/student-auth').set('Cookie', cookie);
  const signInStudent = async (kid: TestStudent) => {
    const res = await request(auth)
      .post('/api/student-login')
      .send({ studentUsername: kid.username, studentPassword: kid.password });
    expect(res.status).toBe(200);
    return cookiePair(res, STUDENT_COOKIE);
  };

  it("a change ends only the guardian's other devices; the billing owner's reset ends the learners' too", async () => {
    const family = await makeFamily();
    const laptop = cookiePair(
      await request(auth).post('/api/login').send({ email: family.email, password: family.password }),
      PARENT_COOKIE,
    );
    for (const kid of family.students) expect((await studentAuth(kid.studentCookie)).status).toBe(200);

    const changed = await request(auth)
      .put('/api/user/password')
      .set('Cookie', family.cookie)
      .send({ currentPassword: family.password, newPassword: 'family-pass-2' });
    expect(changed.status).toBe(200);
    expect((await request(auth).get('/api/user').set('Cookie', family.cookie)).status).toBe(200);
    expect((await request(auth).get('/api/user').set('Cookie', laptop)).status).toBe(401);
    // The password was the guardian's alone: the learners stay signed in.
    for (const kid of family.students) expect((await studentAuth(kid.studentCookie)).status).toBe(200);

    // Signed in again everywhere, then a reset link is used: nothing of the family stays signed in.
    const studentCookies = [await signInStudent(family.students[0]), await signInStudent(family.students[1])];
    for (const cookie of studentCookies) expect((await studentAuth(cookie)).status).toBe(200);
    // The welcome and the password-changed emails, then the reset link.
    expect(await deliveredTo(family.email, 2)).toHaveLength(2);
    expect((await request(auth).post('/api/password-reset').send({ email: family.email })).status).toBe(202);
    const token = await resetLinkToken(family.email, 3);
    const reset = await request(auth).post('/api/password-reset/confirm').send({ token, password: 'family-pass-3' });
    expect(reset.status).toBe(200);
    expect((await request(auth).get('/api/user').set('Cookie', family.cookie)).status).toBe(401);
    for (const cookie of studentCookies) expect((await studentAuth(cookie)).status).toBe(401);
  });
});

describe('DELETE /api/students/:id', () => {
  it("cancels the student's subscription, ends their login and removes their sessions and signatures", async () => {
    const family = await makeFamily();
    const [gone, kept] = family.students;
    const res = await request(students).delete(`/api/students/${gone.id}`).set('Cookie', family.cookie);
    expect(res.status).toBe(204);
    expect(stripe.subscriptionStates.get(gone.subscriptionId)?.status).toBe('canceled');
    expect(stripe.subscriptionStates.get(kept.subscriptionId)?.status).toBe('trialing');
    expect((await request(auth).get('/api/student-auth').set('Cookie', gone.studentCookie)).status).toBe(401);
    expect((await request(auth).get('/api/student-auth').set('Cookie', kept.studentCookie)).status).toBe(200);
    expect((await request(students).get(`/api/students/${gone.id}`).set('Cookie', family.cookie)).status).toBe(404);

    const goneSessions = family.sessionIds.slice(0, 2);
    expect(
      await documentsOf({ studentIds: [gone.id], markers: [gone.username, gone.firstName], sessionIds: goneSessions }),
    ).toEqual([]);
    const data = (await request(auth).get('/api/user/export').set('Cookie', family.cookie)).body;
    expect(data.students.map((s: { id: number }) => s.id)).toEqual([kept.id]);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.every((s: { studentId: number }) => s.studentId === kept.id)).toBe(true);
  });

  it('removes nothing when the provider cannot be reached; another family gets 404', async () => {
    const family = await makeFamily();
    const other = await makeFamily();
    const [kid] = family.students;
    expect((await request(students).delete(`/api/students/${kid.id}`).set('Cookie', other.cookie)).status).toBe(404);
    stripe.failNext('DELETE', /^\/v1\/subscriptions\//, 503, 'api_error', 'Service unavailable', { times: 5 });
    const res = await request(students).delete(`/api/students/${kid.id}`).set('Cookie', family.cookie);
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/could not be removed/);
    expect(stripe.subscriptionStates.get(kid.subscriptionId)?.status).toBe('trialing');
    expect((await request(students).get(`/api/students/${kid.id}`).set('Cookie', family.cookie)).body).toMatchObject({
      hasStudentLogin: true,
    });
    const data = (await request(auth).get('/api/user/export').set('Cookie', family.cookie)).body;
    expect(data.sessions).toHaveLength(4);
    expect((await request(students).delete('/api/students/abc').set('Cookie', family.cookie)).status).toBe(400);
  });
});

describe("registration keeps the family's state", () => {
  const settingsOf = async (cookie: string) =>
    Object.fromEntries(
      (
        (await request(logbook).get('/api/settings').set('Cookie', cookie)).body as Array<{
          key: string;
          value: string;
        }>
      ).map((s) => [s.key, s.value]),
    );
  const register = async (body: Record<string, unknown>) => {
    const registered = await request(auth).post('/api/register').send(body);
    const signedIn = await request(auth).post('/api/login').send(body);
    return { registered, cookie: signedIn.status === 200 ? cookiePair(signedIn, PARENT_COOKIE) : '' };
  };

  it("the state chosen on the registration screen is the family's state, and its rule sets the targets", async () => {
    const email = `qld-${tag()}@example.com`;
    const { registered, cookie } = await register({ email, password: 'family-pass-1', state: 'QLD' });
    expect(registered.status).toBe(201);
    // Kept by the log book as the account is made (not waited for by the answer).
    let settings: Record<string, string> = {};
    for (let i = 0; i < 40 && settings.state !== 'QLD'; i++) {
      settings = await settingsOf(cookie);
      if (settings.state !== 'QLD') await sleep(50);
    }
    expect(settings).toMatchObject({ state: 'QLD', dayTimeTargetHours: '90', nightTimeTargetHours: '10' });
    expect(settings.targetsFrom).toBe('state');

    // The same address again, naming another state, changes nothing of that family.
    const again = await request(auth).post('/api/register').send({ email, password: 'other-pass-2', state: 'VIC' });
    expect(again.status).toBe(201);
    await sleep(200);
    expect((await settingsOf(cookie)).state).toBe('QLD');
  });

  it('without a state the family has none chosen (South Australia counts until it does); a state that is not one is refused', async () => {
    const plain = await register({ email: `plain-${tag()}@example.com`, password: 'family-pass-1' });
    expect(plain.registered.status).toBe(201);
    await sleep(100);
    const settings = await settingsOf(plain.cookie);
    expect(settings.state).toBeUndefined();
    expect(settings).toMatchObject({ dayTimeTargetHours: '60', nightTimeTargetHours: '15' });

    const email = `bad-${tag()}@example.com`;
    const bad = await request(auth).post('/api/register').send({ email, password: 'family-pass-1', state: 'XX' });
    expect(bad.status).toBe(400);
    expect(await UserModel.exists({ email })).toBeNull();
  });

  it('the internal route takes only a state, and only with the internal secret', async () => {
    const { cookie } = await register({ email: `int-${tag()}@example.com`, password: 'family-pass-1' });
    const userId = (await request(auth).get('/api/user').set('Cookie', cookie)).body.id as number;
    const route = `/internal/families/${userId}/state`;
    expect((await request(logbook).post(route).set('Cookie', cookie).send({ value: 'WA' })).status).toBe(404);
    expect((await request(logbook).post(route).set(internalHeaders()).send({ value: 'XX' })).status).toBe(400);
    expect((await settingsOf(cookie)).state).toBeUndefined();
    const kept = await request(logbook).post(route).set(internalHeaders()).send({ value: 'WA' });
    expect(kept.body).toEqual({ key: 'state', value: 'WA' });
    expect((await settingsOf(cookie)).state).toBe('WA');
  });
});

describe('the internal family routes', () => {
  it('answer 404 without the internal secret and 400 for a malformed id, changing nothing', async () => {
    const family = await makeFamily();
    const before = await familyDocuments(family);
    const calls: Array<[typeof auth, 'get' | 'post' | 'delete', string]> = [
      [students, 'get', `/internal/families/${family.userId}/export`],
      [students, 'delete', `/internal/families/${family.userId}`],
      [logbook, 'get', `/internal/families/${family.userId}/export`],
      [logbook, 'delete', `/internal/families/${family.userId}`],
      [logbook, 'delete', `/internal/students/${family.students[0].id}`],
      [billing, 'post', `/internal/families/${family.userId}/cancel`],
      [billing, 'delete', `/internal/families/${family.userId}`],
      [billing, 'post', `/internal/students/${family.students[0].id}/cancel`],
      [billing, 'delete', `/internal/students/${family.students[0].id}`],
      [auth, 'delete', `/internal/students/${family.students[0].id}/sessions`],
    ];
    for (const [app, method, route] of calls) {
      expect([route, (await request(app)[method](route).set('Cookie', family.cookie)).status]).toEqual([route, 404]);
      const malformed = route.replace(/\/\d+/, '/1e3');
      expect([malformed, (await request(app)[method](malformed).set(internalHeaders())).status]).toEqual([
        malformed,
        400,
      ]);
    }
    const named = await request(logbook)
      .get(`/internal/families/${family.userId}/export?studentIds=1,$ne`)
      .set(internalHeaders());
    expect(named.status).toBe(400);
    expect(stripe.calls('DELETE', /^\/v1\/subscriptions\//)).toEqual([]);
    expect(await familyDocuments(family)).toEqual(before);
  });
});

describe('two guardians, one family', () => {
  /** An adult with an account of their own and nothing in it, signed in. */
  async function adult(label: string) {
    const email = `${label}-${tag()}@example.com`;
    const password = 'guardian-pass-1';
    expect((await request(auth).post('/api/register').send({ email, password })).status).toBe(201);
    const signedIn = await request(auth).post('/api/login').send({ email, password });
    expect(signedIn.status).toBe(200);
    return { id: signedIn.body.id as number, email, password, cookie: cookiePair(signedIn, PARENT_COOKIE) };
  }

  /** The family invites `email`: the link's token, read from the invitation as delivered. */
  async function invite(family: { cookie: string }, email: string, mails = 2) {
    const sent = await request(auth).post('/api/family/invitations').set('Cookie', family.cookie).send({ email });
    expect(sent.status).toBe(202);
    const mail = (await deliveredTo(email, mails)).find((m) => m.subject.includes('invited'));
    const link = /\/join#([A-Za-z0-9_-]{32})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    return link![1];
  }

  async function join(person: { cookie: string }, token: string) {
    const joined = await request(auth).post('/api/family/join').set('Cookie', person.cookie).send({ token });
    return {
      status: joined.status,
      body: joined.body,
      cookie: joined.status === 200 ? cookiePair(joined, PARENT_COOKIE) : '',
    };
  }

  it('an invited adult joins once through the link, sees and logs for the learners, and the billing owner removes them', async () => {
    const family = await makeFamily();
    const second = await adult('second');
    const token = await invite(family, second.email);
    // The link says to whom it was sent and nothing of the family.
    const opened = await request(auth).post('/api/family/invitations/open').send({ token });
    expect(opened.status).toBe(200);
    expect(Object.keys(opened.body).sort()).toEqual(['email', 'expiresAt']);
    // Hashed at rest: the token itself is nowhere in the database.
    expect(await FamilyInvitationModel.exists({ _id: token })).toBeNull();

    const joined = await join(second, token);
    expect(joined).toMatchObject({ status: 200, body: { message: FAMILY_MESSAGES.joined } });
    // The session for the family left is over; the new one acts for the family joined.
    expect((await request(students).get('/api/students').set('Cookie', second.cookie)).status).toBe(401);
    const listed = await request(students).get('/api/students').set('Cookie', joined.cookie);
    expect(listed.body.map((s: { id: number }) => s.id).sort()).toEqual(family.students.map((s) => s.id).sort());
    const logged = await logSession({ cookie: joined.cookie, marker: family.marker }, family.students[0].id, '16:00');
    const history = await request(logbook)
      .get(`/api/driving-sessions/${family.students[0].id}`)
      .set('Cookie', family.cookie);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(`"id":${logged}`);

    // Used once: the same link, a guessed one and a malformed one get one 404 and one message.
    for (const dead of [token, crypto.randomBytes(24).toString('base64url'), 'short']) {
      const again = await request(auth).post('/api/family/invitations/open').send({ token: dead });
      expect({ status: again.status, body: again.body }).toEqual({
        status: 404,
        body: { message: FAMILY_MESSAGES.deadLink },
      });
    }

    const listedFamily = await request(auth).get('/api/family').set('Cookie', joined.cookie);
    expect(listedFamily.body.guardians).toEqual([
      { id: family.userId, email: family.email, billingOwner: true, you: false },
      { id: second.id, email: second.email, billingOwner: false, you: true },
    ]);

    // Only the billing owner changes the card, cancels or resumes.
    for (const path of ['/api/billing/card', '/api/cancel-subscription', '/api/billing/resume']) {
      const notOwner = await request(billing)
        .post(path)
        .set('Cookie', joined.cookie)
        .send({ studentId: family.students[0].id });
      expect({ path, status: notOwner.status, body: notOwner.body }).toEqual({
        path,
        status: 403,
        body: { message: FAMILY_MESSAGES.onlyBillingOwner },
      });
    }
    // Only the billing owner removes a guardian.
    const refused = await request(auth).delete(`/api/family/guardians/${family.userId}`).set('Cookie', joined.cookie);
    expect(refused.status).toBe(403);
    // A guardian's new password signs out that guardian's other devices only.
    const changed = await request(auth)
      .put('/api/user/password')
      .set('Cookie', joined.cookie)
      .send({ currentPassword: second.password, newPassword: 'guardian-pass-2' });
    expect(changed.status).toBe(200);
    expect((await request(auth).get('/api/user').set('Cookie', family.cookie)).status).toBe(200);
    expect((await request(auth).get('/api/student-auth').set('Cookie', family.students[0].studentCookie)).status).toBe(
      200,
    );

    const removed = await request(auth).delete(`/api/family/guardians/${second.id}`).set('Cookie', family.cookie);
    expect(removed.status).toBe(204);
    expect((await request(students).get('/api/students').set('Cookie', joined.cookie)).status).toBe(401);
    const again = await request(auth).post('/api/login').send({ email: second.email, password: 'guardian-pass-2' });
    const own = await request(students).get('/api/students').set('Cookie', cookiePair(again, PARENT_COOKIE));
    expect(own.body).toEqual([]);
  });

  it('an adult whose family has learners is told to leave it first, and sees nothing of either family', async () => {
    const family = await makeFamily();
    const other = await makeFamily();
    const token = await invite(family, other.email, 9);
    const refused = await join(other, token);
    expect(refused).toMatchObject({ status: 409, body: { message: FAMILY_MESSAGES.inAnotherFamily } });
    expect(Object.keys(refused.body)).toEqual(['message']);
  });

  it('a guardian who closes their account leaves the family its data; the last one cannot just leave', async () => {
    const family = await makeFamily();
    const alone = await request(auth).post('/api/family/leave').set('Cookie', family.cookie);
    expect(alone.status).toBe(409);
    const second = await adult('closing');
    const { cookie } = await join(second, await invite(family, second.email));
    const closed = await request(auth).delete('/api/user').set('Cookie', cookie).send({ password: second.password });
    expect(closed.status).toBe(204);
    expect(await UserModel.exists({ _id: second.id })).toBeNull();
    const kept = await request(students).get('/api/students').set('Cookie', family.cookie);
    expect(kept.body).toHaveLength(2);
    const guardians = await request(auth).get('/api/family').set('Cookie', family.cookie);
    expect(guardians.body.guardians.map((g: { id: number }) => g.id)).toEqual([family.userId]);

    const third = await adult('leaving');
    const joined = await join(third, await invite(family, third.email));
    const left = await request(auth).post('/api/family/leave').set('Cookie', joined.cookie);
    expect(left.status).toBe(200);
    expect((await request(students).get('/api/students').set('Cookie', joined.cookie)).status).toBe(401);
    expect((await request(students).get('/api/students').set('Cookie', family.cookie)).body).toHaveLength(2);
  });

  it('a family has at most four guardians', async () => {
    const family = await makeFamily();
    for (let n = 0; n < 3; n++) {
      const person = await adult(`extra${n}`);
      expect((await join(person, await invite(family, person.email))).status).toBe(200);
    }
    const fifth = await request(auth)
      .post('/api/family/invitations')
      .set('Cookie', family.cookie)
      .send({ email: `fifth-${tag()}@example.com` });
    expect({ status: fifth.status, body: fifth.body }).toEqual({
      status: 409,
      body: { message: FAMILY_MESSAGES.full },
    });
  });
});

describe('the migration to families', () => {
  it('makes each account made before families the first guardian of its own, with every record reachable, twice at once', async () => {
    const family = await makeFamily();
    const vehicles = await request(logbook).get('/api/vehicles').set('Cookie', family.cookie);
    const before = {
      students: (await request(students).get('/api/students').set('Cookie', family.cookie)).body,
      supervisors: (await request(logbook).get('/api/supervisors').set('Cookie', family.cookie)).body,
      vehicles: vehicles.body,
      settings: (await request(logbook).get('/api/settings').set('Cookie', family.cookie)).body,
      sessions: await Promise.all(
        family.students.map(
          async (kid) =>
            (await request(logbook).get(`/api/driving-sessions/${kid.id}`).set('Cookie', family.cookie)).body,
        ),
      ),
    };
    expect(before.students).toHaveLength(2);
    expect(JSON.stringify(before.supervisors)).toContain(`Saved ${family.marker}`);
    expect(before.vehicles.vehicles).toEqual([expect.objectContaining({ registration: 'S123ABC' })]);
    // The database as the code before families left it: no family on the account or on its sessions.
    await mongoose.connection
      .collection('users')
      .updateOne({ _id: family.userId } as never, { $unset: { familyId: '' } });
    await mongoose.connection
      .collection('auth_sessions')
      .updateMany({ userId: family.userId } as never, { $unset: { familyId: '' } });
    // A session signed before the migration still acts for the family (its own id).
    expect((await request(students).get('/api/students').set('Cookie', family.cookie)).body).toEqual(before.students);

    // Two replicas starting together: each account moves once.
    const moved = await Promise.all([giveEveryAccountAFamily(), giveEveryAccountAFamily()]);
    expect(moved[0] + moved[1]).toBeGreaterThanOrEqual(1);
    expect(await UserModel.countDocuments({ familyId: { $exists: false } })).toBe(0);
    expect((await UserModel.findById(family.userId).lean())?.familyId).toBe(family.userId);
    expect(await giveEveryAccountAFamily()).toBe(0);

    const signedIn = await request(auth).post('/api/login').send({ email: family.email, password: family.password });
    const cookie = cookiePair(signedIn, PARENT_COOKIE);
    for (const who of [family.cookie, cookie]) {
      expect((await request(students).get('/api/students').set('Cookie', who)).body).toEqual(before.students);
      expect((await request(logbook).get('/api/supervisors').set('Cookie', who)).body).toEqual(before.supervisors);
      expect((await request(logbook).get('/api/vehicles').set('Cookie', who)).body).toEqual(before.vehicles);
      expect((await request(logbook).get('/api/settings').set('Cookie', who)).body).toEqual(before.settings);
      for (const [n, kid] of family.students.entries()) {
        const sessions = await request(logbook).get(`/api/driving-sessions/${kid.id}`).set('Cookie', who);
        expect(sessions.body).toEqual(before.sessions[n]);
        const subscription = await request(billing).get(`/api/subscription/${kid.id}`).set('Cookie', who);
        expect(subscription.status).toBe(200);
        const verification = await request(logbook)
          .get(`/api/driving-sessions/${kid.id}/verification`)
          .set('Cookie', who);
        expect(verification.status).toBe(200);
        expect(verification.body).toMatchObject({ intact: true });
      }
    }
  });
});
