import { GENESIS_HASH, sessionHash, verifyChain } from '@logbook/contracts/hash-chain';
import { API_ERRORS } from '@logbook/contracts/messages';
import { nextId } from '@logbook/service-kit/counters';
import { hashedContent } from '../src/chain/chain';
import { SessionChainModel, VerificationCodeModel } from '../src/chain/model';
import { DrivingSessionModel, SessionSignaturesModel } from '../src/sessions/model';
import { withSignatures } from '../src/sessions/signatures';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

/** The student's sessions in the order logged, as verifyChain reads them. */
async function storedChain(studentId: number) {
  const docs = await withSignatures(await DrivingSessionModel.find({ studentId }).sort({ _id: 1 }).lean());
  return docs.map((d) => ({ ...hashedContent(d), hash: d.hash, previousHash: d.previousHash }));
}

async function logged(cookie: string, studentId: number, overrides: Record<string, unknown> = {}) {
  const res = await http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(studentId, overrides));
  expect(res.status).toBe(201);
  return res.body as { id: number; hash: string; date: string };
}

async function familyWithSessions(count: number, names = { firstName: 'Alex', lastName: 'Lee' }) {
  const parent = await newParent();
  const student = await insertStudent(parent.userId, names);
  const sessions = [];
  for (let i = 0; i < count; i++) {
    sessions.push(
      await logged(parent.cookie, student.id, {
        date: `2026-03-${String(10 + i).padStart(2, '0')}`,
        startTime: '09:00',
        endTime: i === 1 ? '11:00' : '10:00',
        timeOfDay: i === 2 ? 'night' : 'day',
      }),
    );
  }
  const verification = await http()
    .get(`/api/driving-sessions/${student.id}/verification`)
    .set('Cookie', parent.cookie);
  expect(verification.status).toBe(200);
  return { parent, student, sessions, code: verification.body.code as string };
}

const verify = (code: string) => http().get(`/api/verify/${code}`);

describe('the hash chain of a student’s sessions', () => {
  it('links each new session to the one logged before it', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const first = await logged(parent.cookie, student.id);
    const second = await logged(parent.cookie, student.id, { date: '2026-03-01' });
    const third = await logged(await cookieFor(student), student.id);

    const chain = await storedChain(student.id);
    expect(chain.map((s) => s.id)).toEqual([first.id, second.id, third.id]);
    expect(chain.map((s) => s.hash)).toEqual([first.hash, second.hash, third.hash]);
    expect(chain.map((s) => s.previousHash)).toEqual([GENESIS_HASH, first.hash, second.hash]);
    expect(first.hash).toBe(sessionHash(chain[0], GENESIS_HASH));
    expect(verifyChain(chain)).toEqual({ intact: true });
    expect(await SessionChainModel.findById(student.id).lean()).toMatchObject({ head: third.hash, lastId: third.id });

    // The list shows each session's hash too, and a repeated submission answers the same one without a new link.
    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.body.map((s: { hash: string }) => s.hash).sort()).toEqual([first.hash, second.hash, third.hash].sort());
  });

  it('keeps one chain when five sessions are logged at the same moment', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await logged(parent.cookie, student.id);
    const studentCookie = await cookieFor(student);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        http()
          .post('/api/driving-sessions')
          .set('Cookie', i % 2 ? studentCookie : parent.cookie)
          .send(sessionBody(student.id, { startSuburb: `Suburb ${i}` })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const chain = await storedChain(student.id);
    expect(chain).toHaveLength(6);
    expect(verifyChain(chain)).toEqual({ intact: true });
    expect(new Set(chain.map((s) => s.previousHash)).size).toBe(6);
    expect(answers.map((a) => a.body.hash).sort()).toEqual(
      chain
        .slice(1)
        .map((s) => s.hash)
        .sort(),
    );
    const check = await verify(
      (await http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie)).body.code,
    );
    expect(check.body).toMatchObject({ intact: true, sessionCount: 6 });
  });

  it('answers a repeated submission with the session already logged and adds no link', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const body = sessionBody(student.id);
    const [a, b] = await Promise.all([
      http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body),
      http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.hash).toBe(b.body.hash);
    expect(verifyChain(await storedChain(student.id))).toEqual({ intact: true });
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(1);
  });

  it('seals sessions logged before the chain existed, in the order logged, the first time it is needed', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const older = [];
    for (const date of ['2026-02-01', '2026-01-15']) {
      const { studentId: _s, ...fields } = sessionBody(student.id, { date });
      older.push({ _id: await nextId('driving_sessions'), studentId: student.id, ...fields, createdAt: new Date() });
    }
    await DrivingSessionModel.insertMany(older);
    const newer = await logged(parent.cookie, student.id);
    const chain = await storedChain(student.id);
    expect(chain.map((s) => s.id)).toEqual([older[0]._id, older[1]._id, newer.id]);
    expect(verifyChain(chain)).toEqual({ intact: true });
    expect(chain[2].previousHash).toBe(chain[1].hash);
  });
});

describe('GET /api/verify/:code', () => {
  it('says an untouched log is intact, with initials, counts and hours only', async () => {
    const { code } = await familyWithSessions(3, { firstName: 'ava', lastName: 'Łukasz-Smith' });
    expect(code).toMatch(/^[A-Z2-7]{16}$/);
    const res = await verify(code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      intact: true,
      initials: 'A. Ł.',
      sessionCount: 3,
      totalHours: 4,
      dayHours: 3,
      nightHours: 1,
      correctionCount: 0,
      removalCount: 0,
      checkedAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(res.body.checkedAt) - Date.now())).toBeLessThan(60_000);
    // Never a name, a supervisor, a signature or an id.
    for (const secret of ['ava', 'Smith', 'Pat Supervisor', 'SA123456', 'data:image', 'studentId']) {
      expect(res.text).not.toContain(secret);
    }
    // A code typed in lower case from the paper finds the same log book.
    expect((await verify(code.toLowerCase())).body.intact).toBe(true);
  });

  it('says which entry was changed in the database after it was logged', async () => {
    const { student, sessions, code } = await familyWithSessions(3);
    await DrivingSessionModel.collection.updateOne(
      { _id: sessions[1].id as never },
      { $set: { duration: '12 hours', endTime: '21:00' } },
    );
    const res = await verify(code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      intact: false,
      sessionCount: 3,
      brokenAt: { entry: 2, date: '2026-03-11', hash: sessions[1].hash.slice(0, 10), problem: 'changed' },
    });
    expect(res.body.totalHours).toBe(14); // the hours as now stored, flagged by intact: false
    const own = await http()
      .get(`/api/driving-sessions/${student.id}/verification`)
      .set('Cookie', await cookieFor(student));
    expect(own.body).toMatchObject({ code, intact: false, brokenAt: { entry: 2 } });
  });

  it('notices a changed signature and a session moved to another student', async () => {
    const first = await familyWithSessions(2);
    const stored = await DrivingSessionModel.findById(first.sessions[0].id).lean();
    await SessionSignaturesModel.collection.updateOne(
      { _id: stored!.signaturesId as never },
      { $set: { supervisorSignature: 'data:image/png;base64,AAAA' } },
    );
    expect((await verify(first.code)).body).toMatchObject({ intact: false, brokenAt: { entry: 1 } });

    const second = await familyWithSessions(3);
    const other = await insertStudent(second.parent.userId);
    await DrivingSessionModel.collection.updateOne(
      { _id: second.sessions[1].id as never },
      { $set: { studentId: other.id } },
    );
    expect((await verify(second.code)).body).toMatchObject({
      intact: false,
      sessionCount: 2,
      brokenAt: { entry: 2, date: '2026-03-12', problem: 'missing' },
    });
  });

  it('notices a removed entry, in the middle or at the end', async () => {
    const middle = await familyWithSessions(4);
    await DrivingSessionModel.collection.deleteOne({ _id: middle.sessions[1].id as never });
    expect((await verify(middle.code)).body).toMatchObject({
      intact: false,
      sessionCount: 3,
      brokenAt: { entry: 2, date: '2026-03-12', problem: 'missing' },
    });

    const last = await familyWithSessions(3);
    await DrivingSessionModel.collection.deleteOne({ _id: last.sessions[2].id as never });
    expect((await verify(last.code)).body).toMatchObject({
      intact: false,
      sessionCount: 2,
      brokenAt: { entry: 3, date: null, problem: 'missing' },
    });
  });

  it('answers 404 for a code no log book has, whatever its shape, without a cookie', async () => {
    await familyWithSessions(1);
    for (const code of ['ABCDEFGHIJKLMNOP', 'short', "'; DROP", '%7B%22%24gt%22%3A%22%22%7D', 'A'.repeat(300)]) {
      const res = await verify(code);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: API_ERRORS.verificationNotFound });
    }
    expect((await http().get('/api/verify/')).status).toBe(404);
  });

  it('gives each student one code, the same on every request', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie),
      ),
    );
    const codes = new Set(answers.map((a) => a.body.code));
    expect(codes.size).toBe(1);
    expect(await VerificationCodeModel.countDocuments({ studentId: student.id })).toBe(1);
    expect(answers[0].body).toMatchObject({
      url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/verify/${answers[0].body.code}$`)),
      intact: true,
      sessionCount: 0,
      totalHours: 0,
    });
  });

  it('limits how often one address may check codes', async () => {
    const { code } = await familyWithSessions(0);
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      statuses.push((await verify(code).set('X-Forwarded-For', '203.0.113.77')).status);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    expect(statuses.at(-1)).toBe(429);
    const refused = await verify(code).set('X-Forwarded-For', '203.0.113.77');
    expect(refused.body).toEqual({ message: API_ERRORS.tooManyAttempts });
  });
});
