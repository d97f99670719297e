import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { AuthSessionModel, TOKEN_ISSUER } from '@logbook/service-kit/auth';
import { generateKeyPair } from '@logbook/service-kit/keys';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { cookiePair, uniqueEmail } from './support';

const app = createAuthApp({ rateLimits: { registerPerIp: 10_000, signInPerIp: 10_000, signInPerAccount: 10_000 } });
let keys: ReturnType<typeof generateKeyPair>;
let token: string;
let userId: number;

beforeAll(async () => {
  ({ keys } = await setupTestDatabase([UserModel]));
  const email = uniqueEmail();
  expect((await request(app).post('/api/register').send({ email, password: 'secret-pass-1' })).status).toBe(201);
  const login = await request(app).post('/api/login').send({ email, password: 'secret-pass-1' });
  userId = login.body.id;
  token = cookiePair(login, PARENT_COOKIE).split('=')[1];
});
afterAll(teardownTestDatabase);

const userWith = (value: string) => request(app).get('/api/user').set('cookie', `${PARENT_COOKIE}=${value}`);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('parent tokens on GET /api/user', () => {
  it('accepts the token that login issued', async () => {
    const res = await userWith(token);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(userId);
  });

  it('signs with ES256 and names the session it belongs to', async () => {
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('ES256');
    const claims = jwt.decode(token) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: String(userId), role: 'parent', iss: TOKEN_ISSUER });
    expect(await AuthSessionModel.exists({ _id: claims.jti })).toBeTruthy();
  });

  it('refuses a token whose claims were changed', async () => {
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const res = await userWith(`${h}.${b64({ ...claims, sub: String(userId + 1) })}.${s}`);
    expect(res.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const expired = jwt.sign(
      { ...claims, iat: claims.iat! - 3600, exp: Math.floor(Date.now() / 1000) - 5 },
      keys.privateKey,
      {
        algorithm: 'ES256',
      },
    );
    expect((await userWith(expired)).status).toBe(401);
  });

  it('refuses an unsigned (alg: none) token', async () => {
    const [, p] = token.split('.');
    expect((await userWith(`${b64({ alg: 'none', typ: 'JWT' })}.${p}.`)).status).toBe(401);
    expect((await userWith(`${b64({ alg: 'none', typ: 'JWT' })}.${p}`)).status).toBe(401);
  });

  it('refuses a token signed with another key, or HMAC-signed with the public key', async () => {
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const other = generateKeyPair();
    expect((await userWith(jwt.sign(claims, other.privateKey, { algorithm: 'ES256' }))).status).toBe(401);
    const head = b64({ alg: 'HS256', typ: 'JWT' });
    const body = token.split('.')[1];
    const sig = crypto.createHmac('sha256', keys.publicKey).update(`${head}.${body}`).digest('base64url');
    expect((await userWith(`${head}.${body}.${sig}`)).status).toBe(401);
  });

  it('refuses a correctly signed token whose session was never issued', async () => {
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const forged = jwt.sign({ ...claims, jti: crypto.randomUUID() }, keys.privateKey, { algorithm: 'ES256' });
    expect((await userWith(forged)).status).toBe(401);
  });

  it('still accepts the original token after all those attempts', async () => {
    expect((await userWith(token)).status).toBe(200);
  });
});
