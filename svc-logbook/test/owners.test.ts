import request from 'supertest';
import { internalHeaders } from '@logbook/service-kit/internal';
import { servePeers } from '@logbook/service-kit/testing';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { createAuthApp } from 'svc-auth/app';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { StudentRecordModel } from '../src/students/model';
import { app, http, sessionBody, setSubscription, useDatabase } from './helpers';

/** The log book among the real owners: svc-auth (accounts, sessions) and svc-students (students), in this process. */
useDatabase();

const auth = createAuthApp({ rateLimits: { registerPerIp: 10_000, signInPerIp: 10_000, signInPerAccount: 10_000 } });
const students = createStudentsApp();

beforeAll(async () => {
  for (const model of studentsModels) {
    await model.init();
    await model.createIndexes();
  }
  // svc-students' publisher sends its events to this log book app.
  await servePeers({ logbook: app, auth });
});

async function signedInParent() {
  const email = `parent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request(auth).post('/api/register').send({ email, password: 'secret-pass-1' });
  expect(registered.status).toBe(201);
  const login = await request(auth).post('/api/login').send({ email, password: 'secret-pass-1' });
  expect(login.status).toBe(200);
  const cookie = login.headers['set-cookie'] as unknown as string[];
  return {
    userId: login.body.id as number,
    cookie: cookie.map((c) => c.split(';')[0]).find((c) => c.startsWith(`${PARENT_COOKIE}=`))!,
  };
}

const student = { firstName: 'Maya', lastName: 'Owner', dateOfBirth: '2008-06-01', licenseNumber: 'L555' };

describe('the log book learns students from svc-students and statuses from svc-billing', () => {
  it('a student added in svc-students is in the log book before the answer; logging waits for an active subscription', async () => {
    const parent = await signedInParent();
    const made = await request(students).post('/api/students').set('cookie', parent.cookie).send(student);
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const list = await http().get(`/api/driving-sessions/${id}`).set('Cookie', parent.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const refused = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(id));
    expect(refused.status).toBe(403);
    await setSubscription(id, parent.userId, 'active', 1);
    const logged = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(id));
    expect(logged.status).toBe(201);
    // A renamed student shows in the log book's copy at once.
    const renamed = await request(students)
      .put(`/api/students/${id}`)
      .set('cookie', parent.cookie)
      .send({ ...student, firstName: 'Mia' });
    expect(renamed.status).toBe(200);
    expect((await StudentRecordModel.findById(id).lean())!.firstName).toBe('Mia');
  });

  it('keeps the newest version of each: a late, older event changes nothing', async () => {
    const parent = await signedInParent();
    const id = (await request(students).post('/api/students').set('cookie', parent.cookie).send(student)).body.id;
    await setSubscription(id, parent.userId, 'active', 5);
    await setSubscription(id, parent.userId, 'canceled', 4);
    expect((await StudentRecordModel.findById(id).lean())!.subscriptionStatus).toBe('active');
  });
});

describe("a parent's logout", () => {
  it('ends their session in the log book at once', async () => {
    const parent = await signedInParent();
    const id = (await request(students).post('/api/students').set('cookie', parent.cookie).send(student)).body.id;
    expect((await http().get(`/api/driving-sessions/${id}`).set('Cookie', parent.cookie)).status).toBe(200);
    expect((await request(auth).post('/api/logout').set('cookie', parent.cookie)).status).toBe(200);
    expect((await http().get(`/api/driving-sessions/${id}`).set('Cookie', parent.cookie)).status).toBe(401);
  });
});

describe('the internal API', () => {
  it('is not there for a caller without the internal secret, and changes nothing', async () => {
    const parent = await signedInParent();
    const id = (await request(students).post('/api/students').set('cookie', parent.cookie).send(student)).body.id;
    const before = await StudentRecordModel.findById(id).lean();
    const event = { topic: 'subscription', key: id, version: 99, data: { userId: parent.userId, status: 'active' } };
    for (const headers of [{}, { 'x-internal-token': 'guess' }]) {
      const res = await http().post('/internal/events').set(headers).set('Cookie', parent.cookie).send(event);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
      expect((await request(students).get(`/internal/students/${id}`).set(headers)).status).toBe(404);
      expect((await request(auth).get(`/internal/users/${parent.userId}`).set(headers)).status).toBe(404);
      expect((await request(auth).get(`/internal/guardians/${parent.userId}`).set(headers)).status).toBe(404);
    }
    expect(await StudentRecordModel.findById(id).lean()).toEqual(before);
    expect((await request(students).get(`/internal/students/${id}`).set(internalHeaders())).body).toMatchObject({
      id,
      userId: parent.userId,
    });
  });

  it('answers a malformed event with 400 and keeps the copy as it was', async () => {
    const parent = await signedInParent();
    const id = (await request(students).post('/api/students').set('cookie', parent.cookie).send(student)).body.id;
    const before = await StudentRecordModel.findById(id).lean();
    for (const event of [
      { topic: 'subscription', key: id, version: 2, data: { userId: parent.userId, status: { $gt: '' } } },
      { topic: 'student', key: id, version: 'x', data: {} },
      { topic: 'student', key: -1, version: 3, data: {} },
    ]) {
      expect((await http().post('/internal/events').set(internalHeaders()).send(event)).status).toBe(400);
    }
    expect(await StudentRecordModel.findById(id).lean()).toEqual(before);
  });
});
