import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { drivingSessionSchema } from '@logbook/contracts/schemas';
import { DrivingSessionModel } from '../src/sessions/model';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

async function family() {
  const parent = await newParent();
  const student = await insertStudent(parent.userId);
  return { parent, student, studentCookie: await cookieFor(student) };
}

type Entry = { id: number; status: string; supersededBy: number | null; correctionOf: number | null };

const log = async (cookie: string, studentId: number, extra: Record<string, unknown> = {}) => {
  const res = await http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(studentId, extra));
  expect(res.status).toBe(201);
  return res.body as Entry & { clientId: string };
};
const correct = (cookie: string, id: number, body: object) =>
  http().post(`/api/driving-sessions/${id}/correction`).set('Cookie', cookie).send(body);
const remove = (cookie: string, id: number, body: object) =>
  http().post(`/api/driving-sessions/${id}/removal`).set('Cookie', cookie).send(body);
const get = (cookie: string, path: string) => http().get(path).set('Cookie', cookie);

describe('corrections and removals', () => {
  it('keep the chain intact while list, history, summary, insights and verification count only entries in force', async () => {
    const { parent, student } = await family();
    const a = await log(parent.cookie, student.id, { startTime: '08:00', endTime: '09:00' }); // 1 h
    const b = await log(parent.cookie, student.id, { startTime: '10:00', endTime: '12:00', weatherConditions: 'rain' }); // 2 h
    const c = await log(parent.cookie, student.id, { startTime: '13:00', endTime: '16:00' }); // 3 h
    // Read once so the lists are cached before anything changes.
    expect((await get(parent.cookie, `/api/driving-sessions/${student.id}`)).body).toHaveLength(3);
    expect((await get(parent.cookie, `/api/driving-sessions/${student.id}/summary`)).body.totalHours).toBe(6);

    // B was really 10:00 to 11:30 in fog.
    const fixed = await correct(parent.cookie, b.id, {
      ...sessionBody(student.id, { startTime: '10:00', endTime: '11:30', weatherConditions: 'fog' }),
      reason: 'Wrong end time',
    });
    expect(fixed.status).toBe(201);
    const correction = drivingSessionSchema.parse(fixed.body);
    expect(correction).toMatchObject({
      correctionOf: b.id,
      status: 'in_force',
      weatherConditions: 'fog',
      duration: '1.5 hours',
    });
    const removed = await remove(parent.cookie, c.id, { reason: 'Logged twice' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      id: c.id,
      status: 'removed',
      changeReason: 'Logged twice',
      changedAt: expect.any(String),
    });

    const inForce = (await get(parent.cookie, `/api/driving-sessions/${student.id}`)).body as Entry[];
    expect(inForce.map((s) => s.id).sort()).toEqual([a.id, correction.id].sort());
    const history = (await get(parent.cookie, `/api/driving-sessions/${student.id}?include=history`)).body as Array<
      Entry & { changeReason: string | null }
    >;
    expect(history).toHaveLength(4);
    expect(history.find((s) => s.id === b.id)).toMatchObject({
      status: 'superseded',
      supersededBy: correction.id,
      changeReason: 'Wrong end time',
    });
    expect(history.find((s) => s.id === c.id)).toMatchObject({ status: 'removed', changeReason: 'Logged twice' });
    // The gzipped list (made once per version) agrees.
    const gz = await get(parent.cookie, `/api/driving-sessions/${student.id}`).set('Accept-Encoding', 'gzip');
    expect((gz.body as Entry[]).map((s) => s.id).sort()).toEqual([a.id, correction.id].sort());
    const withSignatures = (await get(parent.cookie, `/api/driving-sessions/${student.id}?include=signatures`)).body;
    expect(withSignatures.map((s: Entry) => s.id).sort()).toEqual([a.id, correction.id].sort());

    const summary = (await get(parent.cookie, `/api/driving-sessions/${student.id}/summary`)).body;
    expect(summary).toMatchObject({ totalHours: 2.5, dayHours: 2.5, sessionCount: 2 });
    const insights = (await get(parent.cookie, `/api/driving-sessions/${student.id}/insights?today=2026-03-08`)).body;
    expect(insights.hoursPerWeek[3]).toBe(2.5);
    expect(insights.counts.weather).toEqual({ clear: 0, overcast: 0, rain: 0, fog: 1 });
    expect(insights.hoursRemaining).toBe(75 - 2.5);

    const verification = (await get(parent.cookie, `/api/driving-sessions/${student.id}/verification`)).body;
    expect(verification).toMatchObject({
      intact: true,
      sessionCount: 2,
      totalHours: 2.5,
      correctionCount: 1,
      removalCount: 1,
    });
    const anonymous = await http().get(`/api/verify/${verification.code}`);
    expect(anonymous.body).toMatchObject({ intact: true, sessionCount: 2, correctionCount: 1, removalCount: 1 });

    // The original is unchanged in every hashed field.
    const original = await DrivingSessionModel.findById(b.id).lean();
    expect(original).toMatchObject({ endTime: '12:00', duration: '2.0 hours', weatherConditions: 'rain' });
  });

  it('refuses a student (403), another family (404) and an entry no longer in force (409), changing nothing', async () => {
    const { parent, student, studentCookie } = await family();
    const other = await newParent();
    const entry = await log(parent.cookie, student.id);
    const body = { ...sessionBody(student.id), reason: 'Typo' };

    const byStudent = await correct(studentCookie, entry.id, body);
    expect([byStudent.status, byStudent.body]).toEqual([403, { message: API_ERRORS.onlyParentsChangeEntries }]);
    expect((await remove(studentCookie, entry.id, { reason: 'x' })).status).toBe(403);
    const byStranger = await remove(other.cookie, entry.id, { reason: 'x' });
    expect([byStranger.status, byStranger.body]).toEqual([404, { message: API_ERRORS.sessionNotFound }]);
    expect((await correct(other.cookie, entry.id, body)).status).toBe(404);
    expect((await remove(parent.cookie, 999_999_999, { reason: 'x' })).status).toBe(404);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(1);

    expect((await remove(parent.cookie, entry.id, { reason: 'Not a real drive' })).status).toBe(200);
    const again = await remove(parent.cookie, entry.id, { reason: 'Again' });
    expect([again.status, again.body]).toEqual([409, { message: API_ERRORS.sessionNotInForce }]);
    expect((await correct(parent.cookie, entry.id, { ...sessionBody(student.id), reason: 'Late' })).status).toBe(409);
    expect((await DrivingSessionModel.findById(entry.id).lean())!.changeReason).toBe('Not a real drive');
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(1);
  });

  it('refuses bad reasons and bodies with the form messages, and a second correction of the same entry', async () => {
    const { parent, student } = await family();
    const entry = await log(parent.cookie, student.id);
    const sibling = await insertStudent(parent.userId);
    for (const [body, message] of [
      [{ reason: '' }, VALIDATION.changeReasonRequired],
      [{ reason: { $ne: 1 } }, VALIDATION.changeReasonRequired],
      [{ reason: 'x'.repeat(501) }, VALIDATION.changeReasonTooLong],
    ] as const) {
      expect((await remove(parent.cookie, entry.id, body)).body).toEqual({ message });
    }
    const noSignature = await correct(parent.cookie, entry.id, {
      ...sessionBody(student.id),
      supervisorSignature: '',
      reason: 'x',
    });
    expect([noSignature.status, noSignature.body]).toEqual([400, { message: VALIDATION.supervisorSignatureRequired }]);
    const noReason = await correct(parent.cookie, entry.id, sessionBody(student.id));
    expect(noReason.body).toEqual({ message: VALIDATION.changeReasonRequired });
    const otherStudent = await correct(parent.cookie, entry.id, { ...sessionBody(sibling.id), reason: 'x' });
    expect([otherStudent.status, otherStudent.body]).toEqual([400, { message: API_ERRORS.correctionSameStudent }]);
    expect((await DrivingSessionModel.findById(entry.id).lean())!.status).toBeUndefined();

    // The same correction sent twice (the outbox retrying) is made once; a different second one is refused.
    const body = { ...sessionBody(student.id, { startTime: '09:15' }), reason: 'Start time' };
    const first = await correct(parent.cookie, entry.id, body);
    const retry = await correct(parent.cookie, entry.id, body);
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.id).toBe(first.body.id);
    const second = await correct(parent.cookie, entry.id, { ...sessionBody(student.id), reason: 'Another' });
    expect(second.status).toBe(409);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(2);
  });

  it('a correction can itself be corrected, and the chain still verifies', async () => {
    const { parent, student } = await family();
    const entry = await log(parent.cookie, student.id);
    const one = await correct(parent.cookie, entry.id, {
      ...sessionBody(student.id, { endTime: '10:00' }),
      reason: 'End',
    });
    const two = await correct(parent.cookie, one.body.id, {
      ...sessionBody(student.id, { endTime: '11:00' }),
      reason: 'End again',
    });
    expect(two.status).toBe(201);
    const list = (await get(parent.cookie, `/api/driving-sessions/${student.id}`)).body;
    expect(list.map((s: Entry) => s.id)).toEqual([two.body.id]);
    const verification = (await get(parent.cookie, `/api/driving-sessions/${student.id}/verification`)).body;
    expect(verification).toMatchObject({ intact: true, sessionCount: 1, totalHours: 2, correctionCount: 2 });
  });
});
