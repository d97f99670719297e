import request from 'supertest';
import bcrypt from 'bcryptjs';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS, TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { setupTestDatabase, studentCookie, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { usernameBase } from '../src/accounts/accounts';
import { createAuthApp } from '../src/app';
import { cookiePair, expectNoSecrets, setCookie, uniqueEmail } from './support';

const generous = { registerPerIp: 10_000, signInPerIp: 10_000, signInPerAccount: 10_000 };
const app = createAuthApp({ rateLimits: generous });

beforeAll(async () => {
  await setupTestDatabase([UserModel]);
});
afterAll(teardownTestDatabase);

async function register(email: string, password = 'secret-pass-1') {
  return request(app).post('/api/register').send({ email, password });
}

/** The one answer a registration gets, whether or not the email already had an account. */
const REGISTERED = { message: TOASTS.registrationSuccess.description };

const idOf = async (email: string) => (await UserModel.findOne({ email }).lean())!._id;

async function signIn(email: string, password = 'secret-pass-1') {
  const res = await request(app).post('/api/login').send({ email, password });
  expect(res.status).toBe(200);
  return cookiePair(res, PARENT_COOKIE);
}

describe('POST /api/register', () => {
  it('creates the account, answers { message } and does not sign in', async () => {
    const email = uniqueEmail();
    const res = await register(email);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(REGISTERED);
    expect(res.headers['set-cookie']).toBeUndefined();
    expectNoSecrets(res);

    const stored = await UserModel.findOne({ email }).lean();
    expect(stored).toMatchObject({ email, username: usernameBase(email) });
    expect(stored!.password).toMatch(/^\$2[aby]\$10\$/);
    expect(await bcrypt.compare('secret-pass-1', stored!.password)).toBe(true);
    expect(stored!.createdAt).toBeInstanceOf(Date);
  });

  it('stores the email trimmed and in lower case, and signs in with any case', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await register(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(201);
    const login = await request(app).post('/api/login').send({ email: email.toUpperCase(), password: 'secret-pass-1' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ id: await idOf(email.toLowerCase()), email: email.toLowerCase() });
  });

  it('gives each account a unique username derived from the email', async () => {
    const local = `sam${Date.now()}`;
    const first = await register(`${local}@one.example`);
    const second = await register(`${local}@two.example`);
    const third = await register(`${local}@three.example`);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    const emails = ['one', 'two', 'three'].map((domain) => `${local}@${domain}.example`);
    const names = (await UserModel.find({ email: { $in: emails } }).lean()).map((u) => u.username);
    expect(names).toHaveLength(3);
    expect(names).toContain(local);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name.startsWith(local)).toBe(true);
    expect(usernameBase('"Weird+Tag"@example.com')).toBe('weirdtag');
    expect(usernameBase('...@example.com')).toBe('user');
  });

  it.each([
    ['a malformed email', { email: 'not-an-email', password: 'secret-pass-1' }, VALIDATION.invalidEmail],
    ['an empty email', { email: '', password: 'secret-pass-1' }, VALIDATION.invalidEmail],
    ['a missing email', { password: 'secret-pass-1' }, VALIDATION.invalidEmail],
    ['a 5-character password', { email: uniqueEmail(), password: '12345' }, VALIDATION.passwordMin],
    ['a missing password', { email: uniqueEmail() }, VALIDATION.passwordMin],
    ['a 129-character password', { email: uniqueEmail(), password: 'x'.repeat(129) }, VALIDATION.passwordTooLong],
    ['one of the most common passwords', { email: uniqueEmail(), password: 'iloveyou' }, VALIDATION.passwordTooCommon],
    ['a common password in capitals', { email: uniqueEmail(), password: 'Password1' }, VALIDATION.passwordTooCommon],
    ['a 6-character common password', { email: uniqueEmail(), password: 'secret' }, VALIDATION.passwordTooCommon],
    [
      'a 262-character email',
      { email: `${'a'.repeat(250)}@example.com`, password: 'secret-pass-1' },
      VALIDATION.invalidEmail,
    ],
  ])('refuses %s with its message', async (_label, body, message) => {
    const before = await UserModel.countDocuments();
    const res = await request(app).post('/api/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await UserModel.countDocuments()).toBe(before);
  });

  it('answers a second registration of an email (any case) exactly as the first, creating and changing nothing', async () => {
    const email = uniqueEmail();
    const first = await register(email);
    const fresh = await register(uniqueEmail('fresh'));
    const again = await register(email.toUpperCase(), 'another-pass-1');
    for (const res of [first, fresh, again]) {
      expect(res.status).toBe(201);
      expect(res.body).toEqual(REGISTERED);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(again.text).toBe(fresh.text);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(await UserModel.countDocuments({ email })).toBe(1);
    // The first password still works; the second attempt changed nothing.
    await signIn(email, 'secret-pass-1');
    const refused = await request(app).post('/api/login').send({ email, password: 'another-pass-1' });
    expect(refused.status).toBe(401);
  });

  it('makes one account of two simultaneous registrations of one email, answering both alike', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([register(email, 'first11'), register(email, 'second2')]);
    expect(results.map((r) => [r.status, r.body])).toEqual([
      [201, REGISTERED],
      [201, REGISTERED],
    ]);
    expect(await UserModel.countDocuments({ email })).toBe(1);
    const first = await request(app).post('/api/login').send({ email, password: 'first11' });
    const second = await request(app).post('/api/login').send({ email, password: 'second2' });
    expect([first.status, second.status].sort()).toEqual([200, 401]);
  });

  it('refuses operator objects, arrays and wrong types in any field', async () => {
    const email = uniqueEmail();
    const before = await UserModel.countDocuments();
    for (const body of [
      { email: { $gt: '' }, password: 'secret-pass-1' },
      { email, password: { $gt: '' } },
      { email: [email], password: 'secret-pass-1' },
      { email, password: ['secret-pass-1'] },
      { email: 42, password: 'secret-pass-1' },
      { email, password: 1234567 },
      { email: { $ne: null }, password: { $ne: null } },
    ]) {
      const res = await request(app).post('/api/register').send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const notObject = await request(app).post('/api/register').set('content-type', 'application/json').send('[1,2]');
    expect(notObject.status).toBe(400);
    expect(await UserModel.countDocuments()).toBe(before);
  });
});

describe('POST /api/login', () => {
  it('sets an httpOnly, SameSite=Lax session cookie with an expiry and answers { id, email }', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await request(app).post('/api/login').send({ email, password: 'secret-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: await idOf(email), email });
    expectNoSecrets(res);
    const line = setCookie(res, PARENT_COOKIE)!;
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/);
    expect(line).toMatch(/;\s*Max-Age=604800/);
    expect(line).toMatch(/;\s*Expires=/);
    // Plain http in tests: the Secure flag would stop the browser from sending it back.
    expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('answers a wrong password and an unknown email with the same 401 and no cookie', async () => {
    const email = uniqueEmail();
    await register(email);
    const wrong = await request(app).post('/api/login').send({ email, password: 'wrong-password' });
    const unknown = await request(app)
      .post('/api/login')
      .send({ email: uniqueEmail('nobody'), password: 'secret-pass-1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: API_ERRORS.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.text).toBe(unknown.text);
  });

  it.each([
    ['a malformed email', { email: 'nope', password: 'secret-pass-1' }, VALIDATION.invalidEmail],
    ['a missing email', { password: 'secret-pass-1' }, VALIDATION.invalidEmail],
    ['an empty password', { email: 'a@example.com', password: '' }, VALIDATION.passwordRequired],
    ['a missing password', { email: 'a@example.com' }, VALIDATION.passwordRequired],
  ])('refuses %s with its message', async (_label, body, message) => {
    const res = await request(app).post('/api/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses operator objects and arrays in any field and signs nobody in', async () => {
    const email = uniqueEmail();
    await register(email);
    for (const body of [
      { email: { $gt: '' }, password: 'secret-pass-1' },
      { email, password: { $gt: '' } },
      { email: { $regex: '.*' }, password: { $ne: '' } },
      { email: [email], password: 'secret-pass-1' },
      { email, password: ['secret-pass-1'] },
      { email: { $in: [email] }, password: 'secret-pass-1' },
    ]) {
      const res = await request(app).post('/api/login').send(body);
      expect(res.status).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers exactly { id, email } for the signed-in parent', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    const res = await request(app).get('/api/user').set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: await idOf(email), email });
    expect(res.headers['cache-control']).toBe('no-store');
    expectNoSecrets(res);
  });

  it('answers 401 without a session, with garbage, and for a student cookie', async () => {
    const none = await request(app).get('/api/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: API_ERRORS.unauthenticated });
    expect((await request(app).get('/api/user').set('cookie', `${PARENT_COOKIE}=nonsense`)).status).toBe(401);
    const student = await studentCookie(900, 1);
    expect((await request(app).get('/api/user').set('cookie', student)).status).toBe(401);
  });

  it('ends the session on logout: the old cookie no longer works', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    const other = await signIn(email);
    const out = await request(app).post('/api/logout').set('cookie', cookie);
    expect(out.status).toBe(200);
    const cleared = setCookie(out, PARENT_COOKIE)!;
    expect(cleared).toMatch(/^ll_parent=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/;\s*Path=\//);
    const after = await request(app).get('/api/user').set('cookie', cookie);
    expect(after.status).toBe(401);
    // Another device's session of the same account is not affected.
    expect((await request(app).get('/api/user').set('cookie', other)).status).toBe(200);
  });

  it('answers 200 to logout when not signed in', async () => {
    const res = await request(app).post('/api/logout');
    expect(res.status).toBe(200);
    expect(setCookie(res, PARENT_COOKIE)).toMatch(/^ll_parent=;/);
  });

  it('gives up the earlier session when the same browser signs in again', async () => {
    const email = uniqueEmail();
    await register(email);
    const first = await signIn(email);
    const again = await request(app).post('/api/login').set('cookie', first).send({ email, password: 'secret-pass-1' });
    expect(again.status).toBe(200);
    expect((await request(app).get('/api/user').set('cookie', first)).status).toBe(401);
    const second = cookiePair(again, PARENT_COOKIE);
    expect((await request(app).get('/api/user').set('cookie', second)).status).toBe(200);
  });

  it('answers 401 when the account behind a live session is gone', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    await UserModel.deleteOne({ _id: await idOf(email) });
    expect((await request(app).get('/api/user').set('cookie', cookie)).status).toBe(401);
  });
});
