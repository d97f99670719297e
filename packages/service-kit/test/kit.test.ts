import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import mongoose, { Schema } from 'mongoose';
import jwt from 'jsonwebtoken';
import { PARENT_COOKIE, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { createServiceApp } from '@logbook/service-kit/app';
import {
  callers,
  canAccessStudent,
  endStudentSessions,
  issueSession,
  requireParent,
  requireParentOrStudent,
  requireStudent,
} from '@logbook/service-kit/auth';
import { createWithNumericId, nextId } from '@logbook/service-kit/counters';
import { AppError, parseId } from '@logbook/service-kit/errors';
import { generateKeyPair } from '@logbook/service-kit/keys';
import { parentCookie, setupTestDatabase, studentCookie, teardownTestDatabase } from '@logbook/service-kit/testing';

interface Thing {
  _id: number;
  name: string;
}
const ThingModel = mongoose.model<Thing>(
  'Thing',
  new Schema<Thing>({ _id: Number, name: { type: String, unique: true } }),
);

/** Stands in for a service's own record of whose student is whose (the guard itself reads no student data). */
interface KitStudent {
  _id: number;
  userId: number;
}
const KitStudentModel = mongoose.model<KitStudent>(
  'KitStudent',
  new Schema<KitStudent>({ _id: Number, userId: Number }, { versionKey: false }),
  'kit_students',
);

let keys: ReturnType<typeof generateKeyPair>;
beforeAll(async () => {
  ({ keys } = await setupTestDatabase([ThingModel, KitStudentModel]));
});
afterAll(teardownTestDatabase);

function makeApp() {
  const router = express.Router();
  router.get('/api/parent-only', requireParent, (_req, res) => {
    res.json(callers(res));
  });
  router.get('/api/student-only', requireStudent, (_req, res) => {
    res.json(callers(res));
  });
  router.get('/api/either/:id', requireParentOrStudent, async (req, res) => {
    const id = parseId(req.params.id);
    const student = await KitStudentModel.findById(id).lean();
    if (!student || !canAccessStudent(callers(res), { id, userId: student.userId }))
      throw new AppError(404, 'Not found');
    res.json({ ok: true });
  });
  router.post('/api/echo', (req, res) => {
    res.json(req.body);
  });
  router.get('/api/boom', () => {
    throw new Error('secret internals');
  });
  return createServiceApp({ name: 'kit-test', routers: [router] });
}

describe('service app', () => {
  const app = makeApp();
  it('answers health and readiness', async () => {
    expect((await request(app).get('/health')).body).toMatchObject({ status: 'ok', service: 'kit-test' });
    const ready = await request(app).get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe(true);
  });
  it("reports its release on the health route, in the shape of the front ends' version.json", async () => {
    process.env.GIT_COMMIT = 'c0ffee';
    const body = (await request(createServiceApp({ name: 'svc-students', routers: [] })).get('/health')).body;
    delete process.env.GIT_COMMIT;
    expect(body).toMatchObject({ name: 'svc-students', version: '1.0.0', commit: 'c0ffee', builtAt: null });
    const contracts = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', '..', 'contracts', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(body.shared['@logbook/contracts']).toEqual({ version: contracts.version });
    expect(body.shared.express.version).toMatch(/^5\./);
    expect(body.shared.zod.version).toMatch(/^4\./);
  });
  it('keeps the gateway request id', async () => {
    const res = await request(app).get('/health').set('x-request-id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
  it('answers malformed JSON, oversize bodies, unknown routes and errors as { message }', async () => {
    const bad = await request(app).post('/api/echo').set('content-type', 'application/json').send('{"a":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON body' });
    const big = await request(app)
      .post('/api/echo')
      .send({ a: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is too large');
    expect((await request(app).get('/api/nope')).status).toBe(404);
    const boom = await request(app).get('/api/boom');
    expect(boom.status).toBe(500);
    expect(JSON.stringify(boom.body)).not.toContain('secret internals');
  });
  it('takes JSON in UTF-8 alone, answering 415 for another charset', async () => {
    const body = '{"a":"+AGQ-x"}';
    for (const type of [
      'application/json; charset=utf-7',
      'application/json;charset="UTF-16"',
      'application/json; charset=latin1',
    ]) {
      const res = await request(app).post('/api/echo').set('content-type', type).send(body);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: 'Request body must be JSON in UTF-8' });
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF-8']) {
      const res = await request(app).post('/api/echo').set('content-type', type).send(body);
      expect(res.body).toEqual({ a: '+AGQ-x' });
    }
  });
  it('rejects non-numeric ids with 400', async () => {
    const c = await parentCookie(1);
    expect((await request(app).get('/api/either/abc').set('cookie', c)).status).toBe(400);
    expect((await request(app).get('/api/either/0').set('cookie', c)).status).toBe(400);
  });
});

describe('guards', () => {
  const app = makeApp();
  beforeAll(async () => {
    await KitStudentModel.collection.insertMany([
      { _id: 501, userId: 10 },
      { _id: 502, userId: 11 },
    ] as never[]);
  });

  it('lets a parent in with a valid cookie and keeps a student out of parent routes', async () => {
    const parent = await request(app)
      .get('/api/parent-only')
      .set('cookie', await parentCookie(10));
    expect(parent.status).toBe(200);
    expect(parent.body.parent).toMatchObject({ guardianId: 10, familyId: 10 });
    expect(
      (
        await request(app)
          .get('/api/parent-only')
          .set('cookie', await studentCookie(501, 10))
      ).status,
    ).toBe(401);
    expect(
      (
        await request(app)
          .get('/api/student-only')
          .set('cookie', await parentCookie(10))
      ).status,
    ).toBe(401);
    expect((await request(app).get('/api/parent-only')).status).toBe(401);
  });

  it('refuses tampered, expired, unsigned and wrongly keyed tokens', async () => {
    const good = (await parentCookie(10)).split('=')[1];
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '11' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const other = generateKeyPair();
    const wrongKey = jwt.sign(payload, other.privateKey, { algorithm: 'ES256' });
    const expired = jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, keys.privateKey, {
      algorithm: 'ES256',
    });
    // The classic key-confusion forgery: HMAC signed with the public key as the secret.
    const hsHead = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
    const hsSig = crypto.createHmac('sha256', keys.publicKey).update(`${hsHead}.${p}`).digest('base64url');
    const hs256 = `${hsHead}.${p}.${hsSig}`;
    for (const token of [tampered, none, wrongKey, expired, hs256, 'garbage']) {
      const res = await request(app).get('/api/parent-only').set('cookie', `${PARENT_COOKIE}=${token}`);
      expect(res.status).toBe(401);
    }
  });

  it('checks ownership: parent of the student or the student, else 404', async () => {
    expect(
      (
        await request(app)
          .get('/api/either/501')
          .set('cookie', await parentCookie(10))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(app)
          .get('/api/either/501')
          .set('cookie', await parentCookie(11))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(app)
          .get('/api/either/501')
          .set('cookie', await studentCookie(501, 10))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(app)
          .get('/api/either/502')
          .set('cookie', await studentCookie(501, 10))
      ).status,
    ).toBe(404);
    expect((await request(app).get('/api/either/501')).status).toBe(401);
  });

  it('ends the student tokens signed in before a login change, then every one when sessions are ended', async () => {
    const stale = await studentCookie(502, 11, 1);
    const current = await studentCookie(502, 11, 2);
    expect((await request(app).get('/api/student-only').set('cookie', stale)).status).toBe(200);
    // What svc-auth does when svc-students says the login is now at version 2.
    await endStudentSessions(502, 2);
    expect((await request(app).get('/api/student-only').set('cookie', stale)).status).toBe(401);
    expect((await request(app).get('/api/student-only').set('cookie', current)).status).toBe(200);
    await endStudentSessions(502);
    expect((await request(app).get('/api/student-only').set('cookie', current)).status).toBe(401);
  });

  it('holds the parent and student cookies side by side', async () => {
    const both = `${await parentCookie(11)}; ${await studentCookie(501, 10)}`;
    expect((await request(app).get('/api/either/501').set('cookie', both)).status).toBe(200);
    expect((await request(app).get('/api/either/502').set('cookie', both)).status).toBe(200);
    expect(STUDENT_COOKIE).not.toBe(PARENT_COOKIE);
  });
});

describe('numeric ids', () => {
  it('hands out increasing ids and never a duplicate under concurrency', async () => {
    const a = await nextId('things');
    const b = await nextId('things');
    expect(b).toBe(a + 1);
    const made = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        createWithNumericId('things2', (id) => ThingModel.create({ _id: id, name: `t${i}` })),
      ),
    );
    expect(new Set(made.map((t) => t._id)).size).toBe(60);
  });
  it('issues sessions that can be ended', async () => {
    const token = await issueSession({ role: 'parent', userId: 99, familyId: 99 });
    expect(token.split('.')).toHaveLength(3);
  });
});
