import bcrypt from 'bcryptjs';
import request from 'supertest';
import { AuthSessionModel } from '@logbook/service-kit/auth';
import { servePeers, setupTestDatabase, studentCookie, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createAuthApp } from 'svc-auth/app';
import { models } from '../src/app';
import {
  addStudent,
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
const authApp = createAuthApp();

beforeAll(async () => {
  await setupTestDatabase(models);
  // svc-auth signs students in by asking this service, and ends their sessions when told a login changed or went.
  await servePeers({ auth: authApp, students: app });
});

/** Signs in through svc-auth, as the student's browser does: the status, and the cookie when it worked. */
async function signIn(studentUsername: string, studentPassword: string) {
  const res = await request(authApp).post('/api/student-login').send({ studentUsername, studentPassword });
  const cookie = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('ll_student=') && c !== 'll_student=');
  return { status: res.status, cookie };
}
afterAll(teardownTestDatabase);

const PASSWORD = 'Secret-pass-1';
const NEW_PASSWORD = 'Other-pass-2';

let seq = 0;
const uniqueName = (base = 'learner') => `${base}${++seq}`;

/** A parent and one student whose subscription is active. */
async function activeStudent() {
  const parent = await newParent();
  const student = await addStudent(app, parent.cookie);
  await setSubscription(student.id, 'active');
  return { parent, student };
}

const createLogin = (id: number | string, cookie: string, body: unknown) =>
  request(app)
    .post(`/api/students/${id}/create-login`)
    .set('cookie', cookie)
    .send(body as object);
const updateLogin = (id: number | string, cookie: string, body: unknown) =>
  request(app)
    .put(`/api/students/${id}/update-login`)
    .set('cookie', cookie)
    .send(body as object);
const deleteLogin = (id: number | string, cookie: string) =>
  request(app).delete(`/api/students/${id}/delete-login`).set('cookie', cookie);
const readStudent = (id: number, cookie: string) => request(app).get(`/api/students/${id}`).set('cookie', cookie);
const studentSessionStatus = async (cookie: string) =>
  (await request(app).get('/api/test/student-session').set('cookie', cookie)).status;

describe('POST /api/students/:id/create-login', () => {
  it('creates a login: username trimmed and in lower case, bcrypt-hashed password, shown on the student', async () => {
    const { parent, student } = await activeStudent();
    const typed = uniqueName('Sam');
    const username = typed.toLowerCase();
    const res = await createLogin(student.id, parent.cookie, {
      studentUsername: `  ${typed}  `,
      studentPassword: PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: student.id, hasStudentLogin: true, studentUsername: username });
    const stored = await storedStudent(student.id);
    expect(stored).toMatchObject({
      studentUsername: username,
      studentUsernameKey: username,
      hasStudentLogin: true,
      loginVersion: 0,
    });
    expect(stored!.studentPassword).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(await bcrypt.compare(PASSWORD, stored!.studentPassword as string)).toBe(true);
    expect(await bcrypt.compare('wrong', stored!.studentPassword as string)).toBe(false);
    const read = await readStudent(student.id, parent.cookie);
    expect(read.body).toMatchObject({ hasStudentLogin: true, studentUsername: username });
    const list = await request(app).get('/api/students').set('cookie', parent.cookie);
    expect(list.body[0]).toMatchObject({ hasStudentLogin: true, studentUsername: username });
  });

  it('lets the new login actually be used: a token for it passes the student guard', async () => {
    const { parent, student } = await activeStudent();
    const name = uniqueName();
    expect((await signIn(name, PASSWORD)).status).toBe(401);
    await createLogin(student.id, parent.cookie, { studentUsername: name, studentPassword: PASSWORD });
    const signedIn = await signIn(name, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(await studentSessionStatus(signedIn.cookie!)).toBe(200);
  });

  describe('validation: both fields required and non-blank after trimming', () => {
    const cases: Array<[string, unknown]> = [
      ['no body fields', {}],
      ['no username', { studentPassword: PASSWORD }],
      ['no password', { studentUsername: 'someone' }],
      ['a blank username', { studentUsername: '   ', studentPassword: PASSWORD }],
      ['a blank password', { studentUsername: 'someone', studentPassword: '    ' }],
      ['an empty password', { studentUsername: 'someone', studentPassword: '' }],
      ['an operator object as username', { studentUsername: { $gt: '' }, studentPassword: PASSWORD }],
      ['an operator object as password', { studentUsername: 'someone', studentPassword: { $ne: null } }],
      ['an array as username', { studentUsername: ['a', 'b'], studentPassword: PASSWORD }],
      ['a number as password', { studentUsername: 'someone', studentPassword: 123456 }],
      ['null for both', { studentUsername: null, studentPassword: null }],
    ];
    it.each(cases)('%s → 400, no login made', async (_name, body) => {
      const { parent, student } = await activeStudent();
      const res = await createLogin(student.id, parent.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Please enter both username and password' });
      expect((await readStudent(student.id, parent.cookie)).body).toMatchObject({
        hasStudentLogin: false,
        studentUsername: null,
      });
    });

    it('refuses overlong usernames and passwords (10,000 characters)', async () => {
      const { parent, student } = await activeStudent();
      const longName = await createLogin(student.id, parent.cookie, {
        studentUsername: 'u'.repeat(10_000),
        studentPassword: PASSWORD,
      });
      expect(longName.status).toBe(400);
      expect(longName.body).toEqual({ message: 'Username must be at most 64 characters' });
      const longPassword = await createLogin(student.id, parent.cookie, {
        studentUsername: uniqueName(),
        studentPassword: 'p'.repeat(10_000),
      });
      expect(longPassword.status).toBe(400);
      expect(longPassword.body).toEqual({ message: 'Password must be at most 128 characters' });
      expect((await storedStudent(student.id))!.hasStudentLogin).toBe(false);
    });

    it('keeps markup in a username as plain text', async () => {
      const { parent, student } = await activeStudent();
      const username = `<img src=x onerror=alert(${++seq})>`;
      const res = await createLogin(student.id, parent.cookie, {
        studentUsername: username,
        studentPassword: PASSWORD,
      });
      expect(res.status).toBe(201);
      expect((await readStudent(student.id, parent.cookie)).body.studentUsername).toBe(username);
    });
  });

  it.each(['inactive', 'past_due', 'canceled', 'incomplete', 'trialing'])(
    'needs an active subscription: %s → 403, no login made',
    async (status) => {
      const parent = await newParent();
      const student = await addStudent(app, parent.cookie);
      await setSubscription(student.id, status);
      const res = await createLogin(student.id, parent.cookie, {
        studentUsername: uniqueName(),
        studentPassword: PASSWORD,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'An active subscription is required' });
      const stored = await storedStudent(student.id);
      expect(stored!.hasStudentLogin).toBe(false);
      expect(stored).not.toHaveProperty('studentPassword');
    },
  );

  it('refuses a second login for the same student with 409, keeping the first', async () => {
    const { parent, student } = await activeStudent();
    const first = uniqueName();
    expect(
      (await createLogin(student.id, parent.cookie, { studentUsername: first, studentPassword: PASSWORD })).status,
    ).toBe(201);
    const hashBefore = (await storedStudent(student.id))!.studentPassword;
    const again = await createLogin(student.id, parent.cookie, {
      studentUsername: uniqueName(),
      studentPassword: NEW_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This student already has a login' });
    const stored = await storedStudent(student.id);
    expect(stored).toMatchObject({ studentUsername: first, studentPassword: hashBefore, loginVersion: 0 });
  });

  describe('usernames are unique across all students, whatever the case or spacing', () => {
    it.each([
      ['exactly the same', (u: string) => u],
      ['in capitals', (u: string) => u.toUpperCase()],
      ['with spaces around', (u: string) => `  ${u}\t`],
    ])('%s → 409 for a student of another family', async (_name, variant) => {
      const a = await activeStudent();
      const b = await activeStudent();
      const username = uniqueName('taken');
      expect(
        (await createLogin(a.student.id, a.parent.cookie, { studentUsername: username, studentPassword: PASSWORD }))
          .status,
      ).toBe(201);
      const res = await createLogin(b.student.id, b.parent.cookie, {
        studentUsername: variant(username),
        studentPassword: PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'That username is already taken' });
      expect((await readStudent(b.student.id, b.parent.cookie)).body).toMatchObject({
        hasStudentLogin: false,
        studentUsername: null,
      });
    });

    it('also between siblings', async () => {
      const { parent, student } = await activeStudent();
      const sibling = await addStudent(app, parent.cookie, { firstName: 'Sib' });
      await setSubscription(sibling.id, 'active');
      const username = uniqueName();
      await createLogin(student.id, parent.cookie, { studentUsername: username, studentPassword: PASSWORD });
      const res = await createLogin(sibling.id, parent.cookie, {
        studentUsername: username,
        studentPassword: PASSWORD,
      });
      expect(res.status).toBe(409);
    });

    it('when many students race for one username, exactly one gets it', async () => {
      const racers = await Promise.all(Array.from({ length: 12 }, () => activeStudent()));
      const username = uniqueName('Race');
      const results = await Promise.all(
        racers.map((r, i) =>
          createLogin(r.student.id, r.parent.cookie, {
            studentUsername: i % 2 ? username : username.toUpperCase(),
            studentPassword: PASSWORD,
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(11).fill(409)]);
      const winners = await Promise.all(racers.map((r) => storedStudent(r.student.id)));
      expect(winners.filter((s) => s!.hasStudentLogin)).toHaveLength(1);
      expect(winners.filter((s) => s!.studentUsernameKey === username.toLowerCase())).toHaveLength(1);
      expect(winners.filter((s) => 'studentPassword' in s!)).toHaveLength(1);
    });

    it('when two create-logins race for one student, exactly one login is made', async () => {
      const { parent, student } = await activeStudent();
      const names = Array.from({ length: 6 }, () => uniqueName('twin'));
      const results = await Promise.all(
        names.map((n) => createLogin(student.id, parent.cookie, { studentUsername: n, studentPassword: PASSWORD })),
      );
      const won = results.filter((r) => r.status === 201);
      expect(won).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(409);
        expect(r.body).toEqual({ message: 'This student already has a login' });
      }
      const stored = await storedStudent(student.id);
      expect(stored!.studentUsername).toBe(won[0].body.studentUsername);
    });
  });

  it('answers 400 for a non-numeric id and 404 for a missing student', async () => {
    const { parent } = await activeStudent();
    for (const id of ['abc', '0', '-3', '2.5']) {
      const res = await createLogin(id, parent.cookie, { studentUsername: 'x1', studentPassword: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid id' });
    }
    const missing = await createLogin(987654, parent.cookie, { studentUsername: 'x2', studentPassword: PASSWORD });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Student not found' });
  });

  it('ownership: parent A 201; parent B 404; every student and nobody 401; refusals make no login', async () => {
    const a = await familyWithLogins(app, 'Jo');
    const b = await familyWithLogins(app, 'Kai');
    const target = await addStudent(app, a.parent.cookie, { firstName: 'Lin' });
    await setSubscription(target.id, 'active');
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app)
        .post(`/api/students/${target.id}/create-login`)
        .send({ studentUsername: uniqueName('intruder'), studentPassword: PASSWORD });
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    expect((await readStudent(target.id, a.parent.cookie)).body).toMatchObject({ hasStudentLogin: false });
    const own = await createLogin(target.id, a.parent.cookie, {
      studentUsername: uniqueName(),
      studentPassword: PASSWORD,
    });
    expect(own.status).toBe(201);
  });
});

describe('PUT /api/students/:id/update-login', () => {
  it('changes username and password, ends the old sessions and old tokens; the new login works', async () => {
    const { parent, student } = await activeStudent();
    const oldName = uniqueName('old');
    await createLogin(student.id, parent.cookie, { studentUsername: oldName, studentPassword: PASSWORD });
    const oldToken = await studentCookie(student.id, parent.userId, 0);
    expect(await studentSessionStatus(oldToken)).toBe(200);
    expect(await AuthSessionModel.countDocuments({ role: 'student', subjectId: student.id })).toBe(1);

    const newName = uniqueName('new');
    const res = await updateLogin(student.id, parent.cookie, {
      studentUsername: ` ${newName.toUpperCase()} `,
      studentPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: student.id, hasStudentLogin: true, studentUsername: newName });

    const stored = await storedStudent(student.id);
    expect(stored).toMatchObject({
      studentUsername: newName,
      studentUsernameKey: newName,
      loginVersion: 1,
    });
    expect(await bcrypt.compare(NEW_PASSWORD, stored!.studentPassword as string)).toBe(true);
    expect(await bcrypt.compare(PASSWORD, stored!.studentPassword as string)).toBe(false);
    expect(await AuthSessionModel.countDocuments({ role: 'student', subjectId: student.id })).toBe(0);
    expect(await studentSessionStatus(oldToken)).toBe(401);
    // The old credentials no longer sign in; the new ones do, and their session passes the guard.
    expect((await signIn(newName, PASSWORD)).status).toBe(401);
    const signedIn = await signIn(newName, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(await studentSessionStatus(signedIn.cookie!)).toBe(200);
    // A session signed in under the old login but recorded only after the change (a sign-in racing it) ends at once.
    const late = await studentCookie(student.id, parent.userId, 0);
    const { sessionStillCurrent } = await import('svc-auth/app');
    expect(await sessionStillCurrent(student.id, 0)).toBe(false);
    expect(await studentSessionStatus(late)).toBe(401);
    expect((await readStudent(student.id, parent.cookie)).body.studentUsername).toBe(newName);
  });

  it("leaves other students' sessions alone", async () => {
    const a = await familyWithLogins(app, 'Max');
    await updateLogin(a.student.id, a.parent.cookie, { studentUsername: uniqueName(), studentPassword: NEW_PASSWORD });
    expect(await studentSessionStatus(a.studentCookie)).toBe(401);
    expect(await studentSessionStatus(a.siblingCookie)).toBe(200);
  });

  it('may keep the same username (in another case) and change only the password', async () => {
    const { parent, student } = await activeStudent();
    const name = uniqueName('same');
    await createLogin(student.id, parent.cookie, { studentUsername: name, studentPassword: PASSWORD });
    const res = await updateLogin(student.id, parent.cookie, {
      studentUsername: name.toUpperCase(),
      studentPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.studentUsername).toBe(name.toLowerCase());
    expect(await bcrypt.compare(NEW_PASSWORD, (await storedStudent(student.id))!.studentPassword as string)).toBe(true);
  });

  it("refuses another student's username with 409 and keeps the old login and its sessions", async () => {
    const a = await activeStudent();
    const b = await activeStudent();
    const taken = uniqueName('owned');
    const mine = uniqueName('mine');
    await createLogin(a.student.id, a.parent.cookie, { studentUsername: taken, studentPassword: PASSWORD });
    await createLogin(b.student.id, b.parent.cookie, { studentUsername: mine, studentPassword: PASSWORD });
    const bToken = await studentCookie(b.student.id, b.parent.userId, 0);
    const res = await updateLogin(b.student.id, b.parent.cookie, {
      studentUsername: taken.toUpperCase(),
      studentPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'That username is already taken' });
    const stored = await storedStudent(b.student.id);
    expect(stored).toMatchObject({ studentUsername: mine, loginVersion: 0 });
    expect(await bcrypt.compare(PASSWORD, stored!.studentPassword as string)).toBe(true);
    expect(await studentSessionStatus(bToken)).toBe(200);
  });

  it('answers 409 "This student has no login" for a student without one, creating nothing', async () => {
    const { parent, student } = await activeStudent();
    const res = await updateLogin(student.id, parent.cookie, {
      studentUsername: uniqueName(),
      studentPassword: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This student has no login' });
    expect((await storedStudent(student.id))!.hasStudentLogin).toBe(false);
  });

  it('needs an active subscription (403) and changes nothing without one', async () => {
    const { parent, student } = await activeStudent();
    const name = uniqueName();
    await createLogin(student.id, parent.cookie, { studentUsername: name, studentPassword: PASSWORD });
    await setSubscription(student.id, 'past_due');
    const res = await updateLogin(student.id, parent.cookie, {
      studentUsername: uniqueName(),
      studentPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'An active subscription is required' });
    expect(await storedStudent(student.id)).toMatchObject({ studentUsername: name, loginVersion: 0 });
  });

  it.each<[string, unknown]>([
    ['a blank username', { studentUsername: ' ', studentPassword: NEW_PASSWORD }],
    ['a blank password', { studentUsername: 'someone-new', studentPassword: '  ' }],
    ['an operator object', { studentUsername: { $regex: '.*' }, studentPassword: NEW_PASSWORD }],
    ['an array', { studentUsername: 'someone-new', studentPassword: [NEW_PASSWORD] }],
  ])('refuses %s with 400 and keeps the login as it was', async (_name, body) => {
    const { parent, student } = await activeStudent();
    const name = uniqueName();
    await createLogin(student.id, parent.cookie, { studentUsername: name, studentPassword: PASSWORD });
    const res = await updateLogin(student.id, parent.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Please enter both username and password' });
    expect(await storedStudent(student.id)).toMatchObject({ studentUsername: name, loginVersion: 0 });
  });

  it('answers 400 for a non-numeric id', async () => {
    const { parent } = await activeStudent();
    const res = await updateLogin('x', parent.cookie, { studentUsername: 'a', studentPassword: 'b' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid id' });
  });

  it('ownership: parent A 200; parent B 404; every student and nobody 401; refusals change nothing', async () => {
    const a = await familyWithLogins(app, 'Noa');
    const b = await familyWithLogins(app, 'Oli');
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    const before = await storedStudent(a.student.id);
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app)
        .put(`/api/students/${a.student.id}/update-login`)
        .send({ studentUsername: uniqueName('hijack'), studentPassword: 'hijacked-pass' });
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    expect(await storedStudent(a.student.id)).toEqual(before);
    expect(await studentSessionStatus(a.studentCookie)).toBe(200);
    expect((await readStudent(a.student.id, a.parent.cookie)).body.studentUsername).toBe(before!.studentUsername);
    const own = await updateLogin(a.student.id, a.parent.cookie, {
      studentUsername: uniqueName(),
      studentPassword: NEW_PASSWORD,
    });
    expect(own.status).toBe(200);
  });
});

describe('DELETE /api/students/:id/delete-login', () => {
  it('removes username and password, ends sessions and tokens, and frees the username', async () => {
    const { parent, student } = await activeStudent();
    const name = uniqueName('gone');
    await createLogin(student.id, parent.cookie, { studentUsername: name, studentPassword: PASSWORD });
    const token = await studentCookie(student.id, parent.userId, 0);
    expect(await studentSessionStatus(token)).toBe(200);

    const res = await deleteLogin(student.id, parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: student.id, hasStudentLogin: false, studentUsername: null });

    const stored = await storedStudent(student.id);
    expect(stored).toMatchObject({ hasStudentLogin: false, loginVersion: 1 });
    expect(stored).not.toHaveProperty('studentUsername');
    expect(stored).not.toHaveProperty('studentUsernameKey');
    expect(stored).not.toHaveProperty('studentPassword');
    expect(await AuthSessionModel.countDocuments({ role: 'student', subjectId: student.id })).toBe(0);
    expect(await studentSessionStatus(token)).toBe(401);
    expect((await signIn(name, PASSWORD)).status).toBe(401);
    expect((await readStudent(student.id, parent.cookie)).body).toMatchObject({
      hasStudentLogin: false,
      studentUsername: null,
    });

    const other = await activeStudent();
    expect(
      (await createLogin(other.student.id, other.parent.cookie, { studentUsername: name, studentPassword: PASSWORD }))
        .status,
    ).toBe(201);
  });

  it('lets a new login be made afterwards, and tokens of the deleted login stay dead', async () => {
    const { parent, student } = await activeStudent();
    await createLogin(student.id, parent.cookie, { studentUsername: uniqueName(), studentPassword: PASSWORD });
    const stale = await studentCookie(student.id, parent.userId, 0);
    await deleteLogin(student.id, parent.cookie);
    const again = await createLogin(student.id, parent.cookie, {
      studentUsername: uniqueName(),
      studentPassword: NEW_PASSWORD,
    });
    expect(again.status).toBe(201);
    expect((await storedStudent(student.id))!.loginVersion).toBe(1);
    expect(await studentSessionStatus(stale)).toBe(401);
  });

  it('works after the subscription lapsed, so a parent can always take access away', async () => {
    const { parent, student } = await activeStudent();
    await createLogin(student.id, parent.cookie, { studentUsername: uniqueName(), studentPassword: PASSWORD });
    await setSubscription(student.id, 'canceled');
    const res = await deleteLogin(student.id, parent.cookie);
    expect(res.status).toBe(200);
    expect((await storedStudent(student.id))!.hasStudentLogin).toBe(false);
  });

  it('answers 409 "This student has no login" when there is none', async () => {
    const { parent, student } = await activeStudent();
    const res = await deleteLogin(student.id, parent.cookie);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This student has no login' });
    expect((await storedStudent(student.id))!.loginVersion).toBe(0);
  });

  it('answers 400 for a non-numeric id and 404 for a missing student', async () => {
    const { parent } = await activeStudent();
    expect((await deleteLogin('abc', parent.cookie)).status).toBe(400);
    expect((await deleteLogin(987654, parent.cookie)).status).toBe(404);
  });

  it('ownership: parent A 200; parent B 404; every student and nobody 401; refusals change nothing', async () => {
    const a = await familyWithLogins(app, 'Pia');
    const b = await familyWithLogins(app, 'Quin');
    await expectStudentCookiesWork(app, a.studentCookie, a.siblingCookie, b.studentCookie);
    const before = await storedStudent(a.student.id);
    for (const [who, cookie, status] of strangers(a, b)) {
      const req = request(app).delete(`/api/students/${a.student.id}/delete-login`);
      const res = await (cookie ? req.set('cookie', cookie) : req);
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    expect(await storedStudent(a.student.id)).toEqual(before);
    expect(await studentSessionStatus(a.studentCookie)).toBe(200);
    expect((await readStudent(a.student.id, a.parent.cookie)).body.hasStudentLogin).toBe(true);
    expect((await deleteLogin(a.student.id, a.parent.cookie)).status).toBe(200);
    expect(await studentSessionStatus(a.studentCookie)).toBe(401);
  });
});

it('keeps usernames unique in the database itself, ignoring students without one', async () => {
  const { StudentModel } = await import('../src/students/model');
  const indexes = await StudentModel.collection.listIndexes().toArray();
  const byName = Object.fromEntries(indexes.map((i) => [i.name, i]));
  expect(byName.studentUsernameKey_unique).toMatchObject({
    unique: true,
    key: { studentUsernameKey: 1 },
    partialFilterExpression: { studentUsernameKey: { $type: 'string' } },
  });
  expect(byName.studentUsername_unique).toMatchObject({ unique: true });
  const parent = await newParent();
  const many = await Promise.all(Array.from({ length: 5 }, () => addStudent(app, parent.cookie)));
  expect(many).toHaveLength(5);
});

it('never answered with a password hash or a password', () => {
  expectNoSecrets(bodies, [PASSWORD, NEW_PASSWORD, 'learner-pass', 'hijacked-pass']);
});
