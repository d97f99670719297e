import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { PARENT_COOKIE, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { addActiveStudent, call, endWorld, makeWorld, snapshot, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await makeWorld({
    env: { AUTH_RATE_LIMIT_ACCOUNT_MAX: '5', AUTH_RATE_LIMIT_IP_MAX: '40', AUTH_RATE_LIMIT_REGISTER_MAX: '8' },
  });
}, 240_000);
afterAll(() => endWorld(world));

const tokenOf = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))!
    .split('=')[1];
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('session tokens', () => {
  it('refuses tampered, expired, unsigned and foreign-key tokens', async () => {
    const token = tokenOf(world.cookies.parentA, PARENT_COOKIE);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const privateKey = fs.readFileSync(path.join(world.stack.dataDir, 'keys', 'jwt-private.pem'), 'utf8');
    const other = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const forged = {
      tampered: `${header}.${b64({ ...claims, sub: String(Number(claims.sub) + 1) })}.${signature}`,
      expired: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, privateKey, { algorithm: 'ES256' }),
      unsigned: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      otherKey: jwt.sign(claims, other, { algorithm: 'ES256' }),
      truncated: token.slice(0, -5),
    };
    for (const [kind, value] of Object.entries(forged)) {
      const res = await call(world.stack.url, 'GET', '/api/user', { cookie: `${PARENT_COOKIE}=${value}` });
      expect({ kind, status: res.status }).toEqual({ kind, status: 401 });
    }
    expect((await call(world.stack.url, 'GET', '/api/user', { cookie: world.cookies.parentA })).status).toBe(200);
  });

  it('keeps student tokens off parent routes, even renamed as the parent cookie', async () => {
    const studentToken = tokenOf(world.cookies.studentA1, STUDENT_COOKIE);
    for (const cookie of [world.cookies.studentA1, `${PARENT_COOKIE}=${studentToken}`]) {
      expect((await call(world.stack.url, 'GET', '/api/user', { cookie })).status).toBe(401);
      expect((await call(world.stack.url, 'GET', '/api/students', { cookie })).status).toBe(401);
    }
  });

  it('ends a student session when the parent deletes the login', async () => {
    const { id, studentCookie } = await addActiveStudent(
      world.stack.url,
      world.cookies.parentA,
      'Gus',
      `gus-${crypto.randomUUID().slice(0, 6)}`,
    );
    expect((await call(world.stack.url, 'GET', '/api/student-auth', { cookie: studentCookie })).status).toBe(200);
    expect(
      (await call(world.stack.url, 'DELETE', `/api/students/${id}/delete-login`, { cookie: world.cookies.parentA }))
        .status,
    ).toBe(200);
    expect((await call(world.stack.url, 'GET', '/api/student-auth', { cookie: studentCookie })).status).toBe(401);
    expect((await call(world.stack.url, 'GET', `/api/driving-sessions/${id}`, { cookie: studentCookie })).status).toBe(
      401,
    );
  });

  it('sets httpOnly, SameSite=Lax cookies with an expiry, and logout really ends the session', async () => {
    const email = `cookie-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call(world.stack.url, 'POST', '/api/register', { body: { email, password: 'secret-pass' } });
    const login = await call(world.stack.url, 'POST', '/api/login', { body: { email, password: 'secret-pass' } });
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith(`${PARENT_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=\d+|Expires=/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i); // plain http on localhost
    const cookie = setCookie.split(';')[0];
    expect((await call(world.stack.url, 'GET', '/api/user', { cookie })).status).toBe(200);
    expect((await call(world.stack.url, 'POST', '/api/logout', { cookie })).status).toBe(200);
    // The same token, kept by an attacker after logout, is worthless.
    expect((await call(world.stack.url, 'GET', '/api/user', { cookie })).status).toBe(401);
  });
});

describe('browser-facing headers', () => {
  it('sends a strict CSP, no framing, nosniff and a referrer policy on pages and API answers', async () => {
    for (const p of ['/', '/login', '/api/billing/config']) {
      const res = await fetch(world.stack.url + p);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toMatch(/strict-origin|no-referrer|same-origin/);
      expect(res.headers.get('strict-transport-security')).toBeNull(); // only over https
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const before = await snapshot(world.db);
    const res = await call(world.stack.url, 'POST', '/api/students', {
      cookie: world.cookies.parentA,
      headers: { origin: 'https://evil.example' },
      body: { firstName: 'Mallory', lastName: 'X', dateOfBirth: '2009-01-01' },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toEqual(expect.any(String));
    expect(await snapshot(world.db)).toBe(before);
    const same = await call(world.stack.url, 'GET', '/api/user', {
      cookie: world.cookies.parentA,
      headers: { origin: 'https://evil.example' },
    });
    expect(same.status).toBe(200);
  });
});

describe('brute force', () => {
  it('limits parent sign-in per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await call(world.stack.url, 'POST', '/api/login', { body: { email: world.emails.B, password: `wrong-${i}` } }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Even the right password waits out the window.
    expect(
      (
        await call(world.stack.url, 'POST', '/api/login', {
          body: { email: world.emails.B, password: 'correct-horse-battery' },
        })
      ).status,
    ).toBe(429);
  });

  it('limits student sign-in per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await call(world.stack.url, 'POST', '/api/student-login', {
            body: { studentUsername: 'nobody-in-particular', studentPassword: `x${i}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('limits registrations per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await call(world.stack.url, 'POST', '/api/register', {
            body: { email: `flood-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: 'secret-pass' },
          })
        ).status,
      );
    }
    expect(statuses).toContain(429);
    const res = await call(world.stack.url, 'POST', '/api/register', {
      body: { email: `late-${crypto.randomUUID().slice(0, 6)}@example.com`, password: 'secret-pass' },
    });
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/too many/i);
  });
});
