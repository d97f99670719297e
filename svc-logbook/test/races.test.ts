import { SessionChainModel, VerificationCodeModel } from '../src/chain/model';
import { SettingModel } from '../src/settings/model';
import { DrivingSessionModel } from '../src/sessions/model';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

/**
 * Every guarded write of this service, raced eight at once through HTTP, round after round. Each one decides its
 * winner with an insert under a unique index or an updateOne guarded on the state (never find-and-modify, which does
 * not keep its guard on the in-memory fallback), so every round must end in one consistent state.
 */
useDatabase();

const RACERS = 8;
const ROUNDS = 50;

async function inRounds(round: (n: number) => Promise<void>) {
  const AT_ONCE = 4;
  for (let first = 0; first < ROUNDS; first += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, ROUNDS - first) }, (_, i) => round(first + i)));
  }
}

/** RACERS sessions posted at once, taking turns with the cookies (the parent's phone, the student's). */
const fromTheFamilysPhones = (cookies: string[], body: (i: number) => object) =>
  Promise.all(
    Array.from({ length: RACERS }, (_, i) =>
      http()
        .post('/api/driving-sessions')
        .set('Cookie', cookies[i % cookies.length]!)
        .send(body(i)),
    ),
  );

const verification = (studentId: number, cookie: string) =>
  http().get(`/api/driving-sessions/${studentId}/verification`).set('Cookie', cookie);

it(`sessions logged ${RACERS} at once for one student: all kept, one intact chain, the head on the newest (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const studentCookie = await cookieFor(student);
    const answers = await fromTheFamilysPhones([parent.cookie, studentCookie], (i) =>
      sessionBody(student.id, { startSuburb: `Suburb ${i}` }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(RACERS).fill(201));
    const ids = answers.map((a) => a.body.id as number);
    expect(new Set(ids).size).toBe(RACERS);
    // Each link taken once (the unique index on it), and the head recorded by the guarded updateOne is the newest.
    const stored = await DrivingSessionModel.find({ studentId: student.id }).select({ previousHash: 1 }).lean();
    expect(new Set(stored.map((s) => s.previousHash)).size).toBe(RACERS);
    expect(await SessionChainModel.findById(student.id).lean()).toMatchObject({ lastId: Math.max(...ids) });
    expect((await verification(student.id, parent.cookie)).body).toMatchObject({ intact: true, sessionCount: RACERS });
  });
}, 300_000);

it(`one session sent ${RACERS} times at once (an outbox retrying): logged once, every answer the same (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const body = sessionBody(student.id);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(RACERS - 1).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(1);
  });
}, 300_000);

it(`one drive logged ${RACERS} times at once, from the family's phones: one entry, the others refused (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const studentCookie = await cookieFor(student);
    const answers = await fromTheFamilysPhones([parent.cookie, studentCookie], (i) =>
      sessionBody(student.id, { startTime: `09:0${i}`, endTime: '10:30' }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(1);
  });
}, 300_000);

it(`a setting saved ${RACERS} times at once: each answers its value, one row keeps one of them (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const values = Array.from({ length: RACERS }, (_, i) => 20 + i);
    const answers = await Promise.all(
      values.map((value) =>
        http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value }),
      ),
    );
    answers.forEach((a, i) =>
      expect({ status: a.status, body: a.body }).toEqual({
        status: 200,
        body: { key: 'dayTimeTargetHours', value: String(values[i]) },
      }),
    );
    const rows = await SettingModel.find({ userId: parent.userId, key: 'dayTimeTargetHours' }).lean();
    expect(rows).toHaveLength(1);
    expect(values.map(String)).toContain(rows[0].value);
  });
}, 120_000);

it(`a verification code asked for ${RACERS} times at once: one code, made once (${ROUNDS} rounds)`, async () => {
  await inRounds(async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => verification(student.id, parent.cookie)));
    expect(answers.map((a) => a.status)).toEqual(Array(RACERS).fill(200));
    expect(new Set(answers.map((a) => a.body.code)).size).toBe(1);
    expect(await VerificationCodeModel.countDocuments({ studentId: student.id })).toBe(1);
  });
}, 120_000);
