import request from 'supertest';
import { localDateISO } from '@logbook/contracts/dates';
import { VALIDATION } from '@logbook/contracts/messages';
import { parentCookie, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import {
  addStudent,
  aStudent,
  expectNoSecrets,
  expectStudentCookiesWork,
  familyWithLogins,
  makeTestApp,
  newParent,
  setSubscription,
  storedStudent,
  strangers,
} from './support';

const { app, bodies } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
});
afterAll(teardownTestDatabase);

const tomorrow = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return localDateISO(d);
};

describe("the learner's permit date", () => {
  it('is kept with the student, changed with PUT, cleared with an empty value, and never in the future', async () => {
    const { cookie } = await newParent();
    const made = await request(app)
      .post('/api/students')
      .set('cookie', cookie)
      .send({ ...aStudent(), permitDate: '2025-06-01' });
    expect([made.status, made.body.permitDate]).toEqual([201, '2025-06-01']);
    const changed = await request(app)
      .put(`/api/students/${made.body.id}`)
      .set('cookie', cookie)
      .send({ ...aStudent(), permitDate: '2025-07-02' });
    expect([changed.status, changed.body.permitDate]).toEqual([200, '2025-07-02']);
    expect((await request(app).get(`/api/students/${made.body.id}`).set('cookie', cookie)).body.permitDate).toBe(
      '2025-07-02',
    );
    for (const bad of [tomorrow(), '2025-02-30', 12]) {
      const res = await request(app)
        .put(`/api/students/${made.body.id}`)
        .set('cookie', cookie)
        .send({ ...aStudent(), permitDate: bad });
      expect([res.status, res.body]).toEqual([400, { message: VALIDATION.permitDateInvalid }]);
    }
    const cleared = await request(app)
      .put(`/api/students/${made.body.id}`)
      .set('cookie', cookie)
      .send({ ...aStudent(), permitDate: '' });
    expect(cleared.body.permitDate).toBeNull();
  });
});

describe('POST /api/students', () => {
  it('creates a student for the signed-in parent and answers 201 with the public fields only', async () => {
    const { cookie } = await newParent();
    const res = await request(app).post('/api/students').set('cookie', cookie).send(aStudent());
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'createdAt',
        'dateOfBirth',
        'firstName',
        'hasStudentLogin',
        'id',
        'lastName',
        'licenseNumber',
        'permitDate',
        'studentUsername',
        'subscriptionStatus',
      ].sort(),
    );
    expect(res.body.permitDate).toBeNull();
    expect(res.body).toMatchObject({
      firstName: 'Ava',
      lastName: 'Nguyen',
      dateOfBirth: '2009-04-17',
      licenseNumber: 'L1234567',
      subscriptionStatus: 'inactive',
      hasStudentLogin: false,
      studentUsername: null,
    });
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

    const again = await request(app).get(`/api/students/${res.body.id}`).set('cookie', cookie);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it('gives each student its own increasing numeric id', async () => {
    const { cookie } = await newParent();
    const first = await addStudent(app, cookie);
    const second = await addStudent(app, cookie, { firstName: 'Ben' });
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('trims names and makes the licence number optional', async () => {
    const { cookie } = await newParent();
    const res = await request(app)
      .post('/api/students')
      .set('cookie', cookie)
      .send({ firstName: '  Mia ', lastName: ' Lee  ', dateOfBirth: '2008-12-01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Mia', lastName: 'Lee', licenseNumber: '' });
  });

  it('ignores fields a parent may not set: owner, id, subscription and login', async () => {
    const { userId, cookie } = await newParent();
    const res = await request(app)
      .post('/api/students')
      .set('cookie', cookie)
      .send({
        ...aStudent(),
        id: 999999,
        _id: 999999,
        userId: 1,
        subscriptionStatus: 'active',
        stripeSubscriptionId: 'sub_free',
        hasStudentLogin: true,
        studentUsername: 'sneaky',
        studentPassword: 'sneaky-pass',
        loginVersion: 42,
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subscriptionStatus: 'inactive', hasStudentLogin: false, studentUsername: null });
    expect(res.body.id).not.toBe(999999);
    const stored = await storedStudent(res.body.id);
    expect(stored).toMatchObject({ userId, subscriptionStatus: 'inactive', hasStudentLogin: false, loginVersion: 0 });
    expect(stored).not.toHaveProperty('studentPassword');
    expect(stored).not.toHaveProperty('studentUsername');
    expect(stored).not.toHaveProperty('stripeSubscriptionId');
  });

  describe('validation, with the spec messages, creating nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing first name', { firstName: undefined }, 'First name is required'],
      ['blank first name', { firstName: '   ' }, 'First name is required'],
      ['missing last name', { lastName: undefined }, 'Last name is required'],
      ['blank last name', { lastName: '' }, 'Last name is required'],
      ['missing date of birth', { dateOfBirth: undefined }, 'Date of birth is required'],
      ['blank date of birth', { dateOfBirth: ' ' }, 'Date of birth is required'],
      ['impossible date of birth', { dateOfBirth: '2009-02-30' }, 'Date of birth must be a real date (YYYY-MM-DD)'],
      ['date of birth not a date', { dateOfBirth: 'yesterday' }, 'Date of birth must be a real date (YYYY-MM-DD)'],
      [
        'date of birth in another format',
        { dateOfBirth: '17/04/2009' },
        'Date of birth must be a real date (YYYY-MM-DD)',
      ],
      ['date of birth tomorrow', { dateOfBirth: tomorrow() }, 'Date of birth cannot be in the future'],
      ['date of birth far in the future', { dateOfBirth: '2999-01-01' }, 'Date of birth cannot be in the future'],
      ['licence number too long', { licenseNumber: 'L'.repeat(51) }, 'License number must be at most 50 characters'],
      ['first name too long', { firstName: 'A'.repeat(101) }, 'Must be at most 100 characters'],
    ];
    it.each(cases)('%s → 400', async (_name, change, message) => {
      const { cookie } = await newParent();
      const res = await request(app).post('/api/students').set('cookie', cookie).send(aStudent(change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect((await request(app).get('/api/students').set('cookie', cookie)).body).toEqual([]);
    });

    it('names the first missing field when the body is empty', async () => {
      const { cookie } = await newParent();
      const res = await request(app).post('/api/students').set('cookie', cookie).send({});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('First name is required');
    });
  });

  describe('hostile input', () => {
    const hostile: Array<[string, Record<string, unknown>, string]> = [
      ['an operator object for the first name', { firstName: { $gt: '' } }, 'First name is required'],
      ['an operator object for the last name', { lastName: { $ne: null } }, 'Last name is required'],
      ['an operator object for the date of birth', { dateOfBirth: { $gt: '' } }, 'Date of birth is required'],
      ['an array for the first name', { firstName: ['Ava', 'Ben'] }, 'First name is required'],
      ['a number for the last name', { lastName: 42 }, 'Last name is required'],
      ['a boolean for the first name', { firstName: true }, 'First name is required'],
      ['null for the first name', { firstName: null }, 'First name is required'],
      ['a number for the date of birth', { dateOfBirth: 20090417 }, 'Date of birth is required'],
      ['an object for the licence number', { licenseNumber: { $gt: '' } }, 'Invalid input'],
      ['a 10,000-character first name', { firstName: 'x'.repeat(10_000) }, 'Must be at most 100 characters'],
      [
        'a 10,000-character licence number',
        { licenseNumber: 'x'.repeat(10_000) },
        'License number must be at most 50 characters',
      ],
    ];
    it.each(hostile)('%s → 400, nothing stored', async (_name, change, message) => {
      const { cookie } = await newParent();
      const res = await request(app).post('/api/students').set('cookie', cookie).send(aStudent(change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect((await request(app).get('/api/students').set('cookie', cookie)).body).toEqual([]);
    });

    it('refuses a body that is not an object', async () => {
      const { cookie } = await newParent();
      for (const body of [[aStudent()], 'Ava', 42]) {
        const res = await request(app)
          .post('/api/students')
          .set('cookie', cookie)
          .set('content-type', 'application/json')
          .send(JSON.stringify(body));
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
      const malformed = await request(app)
        .post('/api/students')
        .set('cookie', cookie)
        .set('content-type', 'application/json')
        .send('{"firstName":');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ message: 'Malformed JSON body' });
      expect((await request(app).get('/api/students').set('cookie', cookie)).body).toEqual([]);
    });

    it('refuses a body over the size limit', async () => {
      const { cookie } = await newParent();
      const res = await request(app)
        .post('/api/students')
        .set('cookie', cookie)
        .send(aStudent({ licenseNumber: 'x'.repeat(200_000) }));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'Request body is too large' });
      expect((await request(app).get('/api/students').set('cookie', cookie)).body).toEqual([]);
    });

    it('stores markup as plain text and gives it back unchanged', async () => {
      const { cookie } = await newParent();
      const firstName = '<script>alert("hi")</script>';
      const lastName = `O'Brien & <b>Sons</b>`;
      const made = await request(app)
        .post('/api/students')
        .set('cookie', cookie)
        .send(aStudent({ firstName, lastName }));
      expect(made.status).toBe(201);
      expect(made.headers['content-type']).toMatch(/^application\/json/);
      const read = await request(app).get(`/api/students/${made.body.id}`).set('cookie', cookie);
      expect(read.body).toMatchObject({ firstName, lastName });
    });
  });

  it('needs a signed-in parent: nobody and students get 401', async () => {
    const res = await request(app).post('/api/students').send(aStudent());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in' });
    const a = await familyWithLogins(app, 'Cleo');
    await expectStudentCookiesWork(app, a.studentCookie);
    const asStudent = await request(app).post('/api/students').set('cookie', a.studentCookie).send(aStudent());
    expect(asStudent.status).toBe(401);
    const list = await request(app).get('/api/students').set('cookie', a.parent.cookie);
    expect(list.body.map((s: { firstName: string }) => s.firstName)).toEqual(['Cleo', "Cleo's sibling"]);
  });
});

describe('GET /api/students', () => {
  it("lists only the caller's own students, oldest first", async () => {
    const a = await newParent();
    const b = await newParent();
    const a1 = await addStudent(app, a.cookie, { firstName: 'Ada' });
    const b1 = await addStudent(app, b.cookie, { firstName: 'Bo' });
    const a2 = await addStudent(app, a.cookie, { firstName: 'Al' });
    const listA = await request(app).get('/api/students').set('cookie', a.cookie);
    expect(listA.status).toBe(200);
    expect(listA.body.map((s: { id: number }) => s.id)).toEqual([a1.id, a2.id]);
    const listB = await request(app).get('/api/students').set('cookie', b.cookie);
    expect(listB.body.map((s: { id: number }) => s.id)).toEqual([b1.id]);
  });

  it('is empty for a parent with no students', async () => {
    const { cookie } = await newParent();
    const res = await request(app).get('/api/students').set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('shows the subscription status billing wrote, and unknown statuses as inactive', async () => {
    const { cookie } = await newParent();
    const s1 = await addStudent(app, cookie);
    const s2 = await addStudent(app, cookie);
    await setSubscription(s1.id, 'past_due');
    await setSubscription(s2.id, 'something-odd');
    const res = await request(app).get('/api/students').set('cookie', cookie);
    expect(res.body.map((s: { subscriptionStatus: string }) => s.subscriptionStatus)).toEqual(['past_due', 'inactive']);
  });

  it('refuses nobody and students with 401', async () => {
    const a = await familyWithLogins(app, 'Dev');
    await expectStudentCookiesWork(app, a.studentCookie);
    expect((await request(app).get('/api/students')).status).toBe(401);
    expect((await request(app).get('/api/students').set('cookie', a.studentCookie)).status).toBe(401);
    expect((await request(app).get('/api/students').set('cookie', 'll_parent=not-a-token')).status).toBe(401);
  });

  it('refuses a parent whose session has ended', async () => {
    const cookie = await parentCookie(4242);
    const { AuthSessionModel } = await import('@logbook/service-kit/auth');
    await AuthSessionModel.deleteMany({ userId: 4242 });
    expect((await request(app).get('/api/students').set('cookie', cookie)).status).toBe(401);
  });
});

describe('GET /api/students/:id', () => {
  it('answers 400 for ids that are not positive whole numbers', async () => {
    const { cookie } = await newParent();
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '%7B%22%24gt%22%3A0%7D', '99999999999999999999']) {
      const res = await request(app).get(`/api/students/${id}`).set('cookie', cookie);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid id' });
    }
  });

  it('answers 404 for a student that does not exist', async () => {
    const { cookie } = await newParent();
    const res = await request(app).get('/api/students/987654').set('cookie', cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Student not found' });
  });

  it('ownership: parent A 200; parent B 404; the student, a sibling, B’s student and nobody 401', async () => {
    const a = await familyWithLogins(app, 'Eve');
    const b = await familyWithLogins(app, 'Finn');
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    const path = `/api/students/${a.student.id}`;
    const own = await request(app).get(path).set('cookie', a.parent.cookie);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: a.student.id, firstName: 'Eve', hasStudentLogin: true });
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app).get(path);
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
      expect(JSON.stringify(res.body)).not.toContain('Eve');
    }
  });
});

describe('PUT /api/students/:id', () => {
  it('updates the profile and a later read shows it', async () => {
    const { cookie } = await newParent();
    const s = await addStudent(app, cookie);
    const res = await request(app)
      .put(`/api/students/${s.id}`)
      .set('cookie', cookie)
      .send({ firstName: 'Avery', lastName: 'Ng', dateOfBirth: '2009-05-01', licenseNumber: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      firstName: 'Avery',
      lastName: 'Ng',
      dateOfBirth: '2009-05-01',
      licenseNumber: '',
    });
    const read = await request(app).get(`/api/students/${s.id}`).set('cookie', cookie);
    expect(read.body).toEqual(res.body);
  });

  it("leaves billing's fields, the login and the owner alone, whatever the body says", async () => {
    const a = await familyWithLogins(app, 'Gus');
    const id = a.student.id;
    await setSubscription(id, 'past_due');
    const before = await storedStudent(id);
    const res = await request(app)
      .put(`/api/students/${id}`)
      .set('cookie', a.parent.cookie)
      .send({
        ...aStudent({ firstName: 'Gustav' }),
        userId: 1,
        subscriptionStatus: 'active',
        stripeSubscriptionId: 'sub_x',
        hasStudentLogin: false,
        studentPassword: 'overwritten',
        loginVersion: 0,
      });
    expect(res.status).toBe(200);
    const after = await storedStudent(id);
    expect(after).toMatchObject({ firstName: 'Gustav', userId: a.parent.userId, subscriptionStatus: 'past_due' });
    expect(after!.studentPassword).toBe(before!.studentPassword);
    expect(after!.studentUsername).toBe(before!.studentUsername);
    expect(after!.hasStudentLogin).toBe(true);
    expect(after).not.toHaveProperty('stripeSubscriptionId');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a blank first name', { firstName: '' }, 'First name is required'],
    ['a blank last name', { lastName: '  ' }, 'Last name is required'],
    ['no date of birth', { dateOfBirth: undefined }, 'Date of birth is required'],
    ['month 13', { dateOfBirth: '2010-13-01' }, 'Date of birth must be a real date (YYYY-MM-DD)'],
    ['a birthday tomorrow', { dateOfBirth: tomorrow() }, 'Date of birth cannot be in the future'],
    ['an operator object', { firstName: { $gt: '' } }, 'First name is required'],
    ['an array', { lastName: ['a'] }, 'Last name is required'],
    ['a 10,000-character name', { firstName: 'y'.repeat(10_000) }, 'Must be at most 100 characters'],
  ])('refuses %s with its message and changes nothing', async (_name, change, message) => {
    const { cookie } = await newParent();
    const s = await addStudent(app, cookie);
    const res = await request(app).put(`/api/students/${s.id}`).set('cookie', cookie).send(aStudent(change));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    const read = await request(app).get(`/api/students/${s.id}`).set('cookie', cookie);
    expect(read.body).toMatchObject(aStudent());
  });

  it('answers 400 for a non-numeric id and 404 for a missing student', async () => {
    const { cookie } = await newParent();
    const bad = await request(app).put('/api/students/abc').set('cookie', cookie).send(aStudent());
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid id' });
    const missing = await request(app).put('/api/students/987654').set('cookie', cookie).send(aStudent());
    expect(missing.status).toBe(404);
  });

  it('ownership: parent A 200; parent B 404; every student and nobody 401; refused writes change nothing', async () => {
    const a = await familyWithLogins(app, 'Hana');
    const b = await familyWithLogins(app, 'Ivo');
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    const path = `/api/students/${a.student.id}`;
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app)
        .put(path)
        .send(aStudent({ firstName: 'Hijacked' }));
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    const unchanged = await request(app).get(path).set('cookie', a.parent.cookie);
    expect(unchanged.body.firstName).toBe('Hana');
    const own = await request(app)
      .put(path)
      .set('cookie', a.parent.cookie)
      .send(aStudent({ firstName: 'Hannah' }));
    expect(own.status).toBe(200);
    expect((await request(app).get(path).set('cookie', a.parent.cookie)).body.firstName).toBe('Hannah');
  });
});

it('never answered with a password hash or a password', () => {
  expectNoSecrets(bodies, ['learner-pass', 'sneaky-pass', 'overwritten']);
});
