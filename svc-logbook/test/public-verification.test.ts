import mongoose from 'mongoose';
import { DrivingSessionModel } from '../src/sessions/model';
import { dataUrl, http, insertStudent, newParent, sessionBody, signaturePng, useDatabase } from './helpers';

useDatabase();

/**
 * Counts the reads that walk a student's whole chain (every session in the order logged, with its links): each
 * check of the chain makes exactly one.
 */
const chainWalks = new Map<number, number>();
beforeAll(() => {
  mongoose.set('debug', (collection: string, method: string, filter: unknown, options: unknown) => {
    if (collection !== 'driving_sessions' || method !== 'find') return;
    const studentId = (filter as { studentId?: unknown } | undefined)?.studentId;
    const projection = (options as { projection?: Record<string, unknown> } | undefined)?.projection;
    if (typeof studentId === 'number' && projection?.previousHash) {
      chainWalks.set(studentId, (chainWalks.get(studentId) ?? 0) + 1);
    }
  });
});
afterAll(() => {
  mongoose.set('debug', false);
});

async function familyWithSessions(count: number) {
  const parent = await newParent();
  const student = await insertStudent(parent.userId);
  for (let i = 0; i < count; i++) {
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(
        sessionBody(student.id, {
          date: `2026-03-${String(10 + i).padStart(2, '0')}`,
          studentSignature: dataUrl(signaturePng(400, 150, i * 2 + 1)),
          supervisorSignature: dataUrl(signaturePng(400, 150, i * 2 + 2)),
        }),
      );
    expect(res.status).toBe(201);
  }
  const own = await http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie);
  expect(own.status).toBe(200);
  return { parent, student, code: own.body.code as string };
}

const verify = (code: string) => http().get(`/api/verify/${code}`);
const walksOf = (studentId: number) => chainWalks.get(studentId) ?? 0;

describe('public verification does the work once per change of the log', () => {
  it('walks the chain once for ten anonymous checks at once, and again only when a session is logged', async () => {
    const { parent, student, code } = await familyWithSessions(6);
    const before = walksOf(student.id);

    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(code)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.body.intact === true && a.body.sessionCount === 6)).toBe(true);
    expect(walksOf(student.id) - before).toBe(1);
    // Every answer says when that one check ran.
    expect(new Set(answers.map((a) => a.body.checkedAt)).size).toBe(1);

    for (let i = 0; i < 5; i++) expect((await verify(code)).body.checkedAt).toBe(answers[0].body.checkedAt);
    expect(walksOf(student.id) - before).toBe(1);

    const logged = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { date: '2026-04-01' }));
    expect(logged.status).toBe(201);
    const after = await verify(code);
    expect(after.body).toMatchObject({ intact: true, sessionCount: 7 });
    expect(after.body.checkedAt).not.toBe(answers[0].body.checkedAt);
    expect(walksOf(student.id) - before).toBe(2);
  });

  it('shows a change made behind the service’s back once the last public answer is a minute old', async () => {
    const { parent, student, code } = await familyWithSessions(2);
    const first = await verify(code);
    expect(first.body).toMatchObject({ intact: true, sessionCount: 2 });

    const stored = await DrivingSessionModel.find({ studentId: student.id }).sort({ _id: 1 }).lean();
    await DrivingSessionModel.collection.updateOne({ _id: stored[1]._id as never }, { $set: { duration: '9 hours' } });

    // Anonymous answers come from the last check (which says when it ran) while it is recent...
    const soon = await verify(code);
    expect(soon.body).toMatchObject({ intact: true, checkedAt: first.body.checkedAt });
    // ...the family's own view always checks afresh...
    const own = await http().get(`/api/driving-sessions/${student.id}/verification`).set('Cookie', parent.cookie);
    expect(own.body).toMatchObject({ intact: false, brokenAt: { entry: 2, problem: 'changed' } });

    // ...and a minute later the public answer is checked again.
    const realNow = Date.now.bind(Date);
    const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    try {
      const again = await verify(code);
      expect(again.body).toMatchObject({ intact: false, brokenAt: { entry: 2, problem: 'changed' } });
    } finally {
      later.mockRestore();
    }
  });

  it('checks each student’s log on its own', async () => {
    const a = await familyWithSessions(1);
    const b = await familyWithSessions(2);
    const [answerA, answerB] = await Promise.all([verify(a.code), verify(b.code)]);
    expect(answerA.body).toMatchObject({ intact: true, sessionCount: 1 });
    expect(answerB.body).toMatchObject({ intact: true, sessionCount: 2 });
  });
});
