import request from 'supertest';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { described } from '@logbook/service-kit/described';
import { registeredModels, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createAuthApp } from '../src/app';
import { cookiePair, uniqueEmail } from './support';

const app = createAuthApp({
  rateLimits: { signInPerAccount: 2, signInPerIp: 100, registerPerIp: 100, lockoutBaseMs: 60_000 },
});
beforeAll(() => setupTestDatabase(registeredModels()));
afterAll(teardownTestDatabase);

describe('parent accounts answer as docs/openapi.json describes', () => {
  it('register, sign in, read, change the password, sign out; and their refusals', async () => {
    const email = uniqueEmail();
    const password = 'a-long-pass-phrase-1';
    const registered = described(await request(app).post('/api/register').send({ email, password }));
    expect(registered.status).toBe(201);
    const invalid = described(await request(app).post('/api/register').send({ email: 'nope', password }));
    expect(invalid.status).toBe(400);
    const crossOrigin = described(
      await request(app).post('/api/register').set('origin', 'https://elsewhere.example').send({ email, password }),
    );
    expect(crossOrigin.status).toBe(403);

    const login = described(await request(app).post('/api/login').send({ email, password }));
    expect(login.status).toBe(200);
    const cookie = cookiePair(login, PARENT_COOKIE);
    const user = described(await request(app).get('/api/user').set('Cookie', cookie));
    expect(user.status).toBe(200);
    const wrongCurrent = described(
      await request(app)
        .put('/api/user/password')
        .set('Cookie', cookie)
        .send({ currentPassword: 'not-the-password-1', newPassword: 'another-long-pass-2' }),
    );
    expect(wrongCurrent.status).toBe(403);
    const changed = described(
      await request(app)
        .put('/api/user/password')
        .set('Cookie', cookie)
        .send({ currentPassword: password, newPassword: 'another-long-pass-2' }),
    );
    expect(changed.status).toBe(200);
    const out = described(await request(app).post('/api/logout').set('Cookie', cookie));
    expect(out.status).toBe(200);
    const signedOut = described(await request(app).get('/api/user').set('Cookie', cookie));
    expect(signedOut.status).toBe(401);
  });

  it('wrong passwords: 401, then 429 with Retry-After', async () => {
    const email = uniqueEmail();
    await request(app).post('/api/register').send({ email, password: 'a-long-pass-phrase-1' });
    const wrong = () => request(app).post('/api/login').send({ email, password: 'wrong-pass-phrase-9' });
    expect(described(await wrong()).status).toBe(401);
    expect(described(await wrong()).status).toBe(401);
    const locked = described(await wrong());
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
