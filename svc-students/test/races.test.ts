import bcrypt from 'bcryptjs';
import request from 'supertest';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import { StudentModel } from '../src/students/model';
import { addStudent, makeTestApp, newParent, setSubscription, storedStudent } from './support';

/**
 * Every guarded write of this service, raced eight at once through HTTP, round after round: exactly one winner where
 * the write decides one, and a state that agrees with the answers every round. A single lucky round proves little:
 * on the in-memory fallback a write that leans on find-and-modify lost such races in a few rounds in a hundred.
 */
const { app } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
});
afterAll(teardownTestDatabase);

const RACERS = 8;
const ROUNDS = 50;
/** Password hashing dominates the login races; each one takes a minute or more on a busy machine. */
const LOGIN_RACE_TIMEOUT = 600_000;

const LOGIN_EXISTS = { message: 'This student already has a login' };
const NO_LOGIN = { message: 'This student has no login' };

let seq = 0;
const unique = (base: string) => `${base}${++seq}`;
const passwordFor = (username: string) => `Pass-of-${username}`;

const createLogin = (id: number, cookie: string, studentUsername: string) =>
  request(app)
    .post(`/api/students/${id}/create-login`)
    .set('cookie', cookie)
    .send({ studentUsername, studentPassword: passwordFor(studentUsername) });
const updateLogin = (id: number, cookie: string, studentUsername: string) =>
  request(app)
    .put(`/api/students/${id}/update-login`)
    .set('cookie', cookie)
    .send({ studentUsername, studentPassword: passwordFor(studentUsername) });
const deleteLogin = (id: number, cookie: string) =>
  request(app).delete(`/api/students/${id}/delete-login`).set('cookie', cookie);

/** A parent and a student with an active subscription, optionally with a login already. */
async function activeStudent(opts: { withLogin?: boolean } = {}) {
  const parent = await newParent();
  const student = await addStudent(app, parent.cookie);
  await setSubscription(student.id, 'active');
  if (opts.withLogin) expect((await createLogin(student.id, parent.cookie, unique('first'))).status).toBe(201);
  return { parent, student };
}

/** Rounds on different students run a few at a time; each round's racers still meet on one student. */
async function inRounds(round: (n: number) => Promise<void>, rounds = ROUNDS) {
  const AT_ONCE = 4;
  for (let first = 0; first < rounds; first += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, rounds - first) }, (_, i) => round(first + i)));
  }
}

const heldUsernames = (names: string[]) =>
  StudentModel.countDocuments({ studentUsernameKey: { $in: names.map((n) => n.toLowerCase()) } });

it(
  `create-login: of ${RACERS} racing for one student exactly one makes the login, in each of ${ROUNDS} rounds`,
  async () => {
    await inRounds(async () => {
      const { parent, student } = await activeStudent();
      const names = Array.from({ length: RACERS }, () => unique('racer'));
      const results = await Promise.all(names.map((n) => createLogin(student.id, parent.cookie, n)));
      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(RACERS - 1).fill(409)]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual(LOGIN_EXISTS);
      const winner = names[results.findIndex((r) => r.status === 201)];
      expect(results.find((r) => r.status === 201)!.body).toMatchObject({
        hasStudentLogin: true,
        studentUsername: winner.toLowerCase(),
      });
      // The stored login is the winner's, whole: its username and its password; no loser holds a name.
      const stored = await storedStudent(student.id);
      expect(stored).toMatchObject({
        hasStudentLogin: true,
        studentUsernameKey: winner.toLowerCase(),
        loginVersion: 0,
      });
      expect(await bcrypt.compare(passwordFor(winner), stored!.studentPassword as string)).toBe(true);
      expect(await heldUsernames(names.filter((n) => n !== winner))).toBe(0);
    });
  },
  LOGIN_RACE_TIMEOUT,
);

it(
  `delete-login: of ${RACERS} racing for one login exactly one removes it, in each of ${ROUNDS} rounds`,
  async () => {
    await inRounds(async () => {
      const { parent, student } = await activeStudent({ withLogin: true });
      const results = await Promise.all(Array.from({ length: RACERS }, () => deleteLogin(student.id, parent.cookie)));
      expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(RACERS - 1).fill(409)]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual(NO_LOGIN);
      expect(results.find((r) => r.status === 200)!.body).toMatchObject({
        hasStudentLogin: false,
        studentUsername: null,
      });
      const stored = await storedStudent(student.id);
      // Removed once: the version moved by one, not once per racer.
      expect(stored).toMatchObject({ hasStudentLogin: false, loginVersion: 1 });
      expect(stored).not.toHaveProperty('studentUsername');
      expect(stored).not.toHaveProperty('studentUsernameKey');
      expect(stored).not.toHaveProperty('studentPassword');
    });
  },
  LOGIN_RACE_TIMEOUT,
);

it(
  `update-login racing delete-login (${RACERS - 1} + 1): a removed login never gets credentials back, in each of ${ROUNDS} rounds`,
  async () => {
    await inRounds(async () => {
      const { parent, student } = await activeStudent({ withLogin: true });
      const names = Array.from({ length: RACERS - 1 }, () => unique('changed'));
      const [removal, ...updates] = await Promise.all([
        deleteLogin(student.id, parent.cookie),
        ...names.map((n) => updateLogin(student.id, parent.cookie, n)),
      ]);
      expect(removal.status).toBe(200);
      for (const u of updates) {
        if (u.status !== 200) expect({ status: u.status, body: u.body }).toEqual({ status: 409, body: NO_LOGIN });
      }
      const changes = 1 + updates.filter((u) => u.status === 200).length;
      const stored = await storedStudent(student.id);
      // Every answered change happened once, and the removal is the last of them.
      expect(stored).toMatchObject({ hasStudentLogin: false, loginVersion: changes });
      expect(stored).not.toHaveProperty('studentUsername');
      expect(stored).not.toHaveProperty('studentUsernameKey');
      expect(stored).not.toHaveProperty('studentPassword');
      expect(await heldUsernames(names)).toBe(0);
    });
  },
  LOGIN_RACE_TIMEOUT,
);

it(`opening balance: ${RACERS} saves at once each answer what they saved, the last one stays (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const student = await addStudent(app, parent.cookie);
    const balances = Array.from({ length: RACERS }, (_, i) => ({
      dayHours: i + 1,
      nightHours: i / 2,
      note: `save ${i}`,
    }));
    const results = await Promise.all(
      balances.map((b) =>
        request(app).put(`/api/students/${student.id}/opening-balance`).set('cookie', parent.cookie).send(b),
      ),
    );
    results.forEach((r, i) => expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: balances[i] }));
    const kept = await request(app).get(`/api/students/${student.id}/opening-balance`).set('cookie', parent.cookie);
    expect(balances).toContainEqual(kept.body);
  });
}, 120_000);

it(`profile: ${RACERS} saves at once each answer what they saved, one whole profile stays (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const student = await addStudent(app, parent.cookie);
    const profiles = Array.from({ length: RACERS }, (_, i) => ({
      firstName: `First${i}`,
      lastName: `Last${i}`,
      dateOfBirth: '2009-04-17',
      licenseNumber: `L${i}`,
    }));
    const results = await Promise.all(
      profiles.map((p) => request(app).put(`/api/students/${student.id}`).set('cookie', parent.cookie).send(p)),
    );
    results.forEach((r, i) => {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: student.id, ...profiles[i] });
    });
    const kept = await request(app).get(`/api/students/${student.id}`).set('cookie', parent.cookie);
    const { firstName, lastName, dateOfBirth, licenseNumber } = kept.body;
    expect(profiles).toContainEqual({ firstName, lastName, dateOfBirth, licenseNumber });
  });
}, 120_000);
