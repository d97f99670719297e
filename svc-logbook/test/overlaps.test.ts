import mongoose from 'mongoose';
import { API_ERRORS } from '@logbook/contracts/messages';
import { described } from '@logbook/service-kit/described';
import { parentCookie } from '@logbook/service-kit/testing';
import { serveAuthPeer } from './authPeer';
import {
  entryAwaitingSigner,
  http,
  insertStudent,
  nextTestId,
  sessionBody,
  sessionCount,
  useDatabase,
  newFamily,
  signRemotely,
} from './helpers';

useDatabase();
serveAuthPeer();

type Drive = { date?: string; startTime: string; endTime: string };

const log = (cookie: string, studentId: number, drive: Drive) =>
  http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(studentId, drive));
const logged = async (cookie: string, studentId: number, drive: Drive) => {
  const res = await log(cookie, studentId, drive);
  expect(res.status).toBe(201);
  return res.body as { id: number };
};
const correct = (cookie: string, id: number, studentId: number, drive: Drive) =>
  http()
    .post(`/api/driving-sessions/${id}/correction`)
    .set('Cookie', cookie)
    .send({ ...sessionBody(studentId, drive), reason: 'Wrong times' });
const inForce = async (cookie: string, studentId: number) =>
  ((await http().get(`/api/driving-sessions/${studentId}`).set('Cookie', cookie)).body as Array<Drive & { id: number }>)
    .map((s) => `${s.date} ${s.startTime}-${s.endTime}`)
    .sort();

/** The refusal a family sees, naming the drive already logged. */
const overlapping = (date: string, startTime: string, endTime: string) => ({
  message: API_ERRORS.sessionOverlaps(date, startTime, endTime),
});

describe('a drive that overlaps another of the learner’s entries', () => {
  it('is refused with 409, naming the drive already logged, and nothing is stored', async () => {
    const { parent, student } = await newFamily();
    await logged(parent.cookie, student.id, { startTime: '09:00', endTime: '10:30' });
    const refused = described(await log(parent.cookie, student.id, { startTime: '10:00', endTime: '11:00' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(overlapping('2026-03-07', '09:00', '10:30'));
    expect(refused.body.message).toBe(
      'These times overlap a drive already logged for this learner on 7 Mar 2026 from 09:00 to 10:30. ' +
        'Please check the start and end times: the drive may already have been logged on another phone.',
    );
    // Inside it, around it, the same times: each refused.
    for (const [startTime, endTime] of [
      ['09:15', '09:45'],
      ['08:00', '11:00'],
      ['09:00', '10:30'],
      ['08:30', '09:01'],
    ]) {
      expect((await log(parent.cookie, student.id, { startTime, endTime })).status).toBe(409);
    }
    expect(await sessionCount(student.id)).toBe(1);
    expect(await inForce(parent.cookie, student.id)).toEqual(['2026-03-07 09:00-10:30']);
  });

  it('does not count parts of one drive that touch: one ending as the next starts', async () => {
    const { parent, student } = await newFamily();
    await logged(parent.cookie, student.id, { startTime: '10:00', endTime: '11:00' });
    await logged(parent.cookie, student.id, { startTime: '11:00', endTime: '11:45' });
    await logged(parent.cookie, student.id, { startTime: '09:15', endTime: '10:00' });
    expect(await inForce(parent.cookie, student.id)).toHaveLength(3);
  });

  it('meets the next day’s drives when it crosses midnight', async () => {
    const { parent, student } = await newFamily();
    await logged(parent.cookie, student.id, { date: '2026-03-05', startTime: '23:30', endTime: '00:30' });
    const early = await log(parent.cookie, student.id, { date: '2026-03-06', startTime: '00:00', endTime: '01:00' });
    expect(early.status).toBe(409);
    expect(early.body).toEqual(overlapping('2026-03-05', '23:30', '00:30'));
    await logged(parent.cookie, student.id, { date: '2026-03-06', startTime: '00:30', endTime: '01:30' });
    // The same clock times a day later are another drive.
    await logged(parent.cookie, student.id, { date: '2026-03-06', startTime: '23:30', endTime: '00:15' });
    expect(await inForce(parent.cookie, student.id)).toHaveLength(3);
  });

  it('meets the previous day’s drive crossing into it, and the next day’s when it crosses midnight itself', async () => {
    const { parent, student } = await newFamily();
    await logged(parent.cookie, student.id, { date: '2026-03-06', startTime: '00:15', endTime: '01:00' });
    const late = await log(parent.cookie, student.id, { date: '2026-03-05', startTime: '23:00', endTime: '00:30' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(overlapping('2026-03-06', '00:15', '01:00'));
    await logged(parent.cookie, student.id, { date: '2026-03-05', startTime: '23:00', endTime: '00:15' });
    const inside = await log(parent.cookie, student.id, { date: '2026-03-06', startTime: '00:00', endTime: '00:10' });
    expect(inside.status).toBe(409);
    expect(inside.body).toEqual(overlapping('2026-03-05', '23:00', '00:15'));
    expect(await sessionCount(student.id)).toBe(2);
  });

  it('lets a correction overlap the entry it replaces, not another entry', async () => {
    const { parent, student } = await newFamily();
    const first = await logged(parent.cookie, student.id, { startTime: '09:00', endTime: '10:00' });
    const second = await logged(parent.cookie, student.id, { startTime: '11:00', endTime: '12:00' });
    const fixed = await correct(parent.cookie, first.id, student.id, { startTime: '09:00', endTime: '10:15' });
    expect(fixed.status).toBe(201);

    const refused = described(
      await correct(parent.cookie, second.id, student.id, { startTime: '10:00', endTime: '12:00' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(overlapping('2026-03-07', '09:00', '10:15'));
    // Nothing replaced it: the entry is in force as it was, and can still be put right.
    expect(await inForce(parent.cookie, student.id)).toEqual(['2026-03-07 09:00-10:15', '2026-03-07 11:00-12:00']);
    const later = await correct(parent.cookie, second.id, student.id, { startTime: '10:15', endTime: '12:00' });
    expect(later.status).toBe(201);
    expect(await inForce(parent.cookie, student.id)).toEqual(['2026-03-07 09:00-10:15', '2026-03-07 10:15-12:00']);
  });

  it('is refused while an entry awaits its supervisor’s signature, and that entry’s seal goes through', async () => {
    const { parent, student, token } = await entryAwaitingSigner({ startTime: '09:00', endTime: '10:30' });
    const refused = await log(parent.cookie, student.id, { startTime: '10:00', endTime: '11:00' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(overlapping('2026-03-07', '09:00', '10:30'));

    const signed = await signRemotely(token, 7);
    expect(signed.status).toBe(200);
    expect(await inForce(parent.cookie, student.id)).toEqual(['2026-03-07 09:00-10:30']);
    // Signed, it holds its time as any entry does.
    expect((await log(parent.cookie, student.id, { startTime: '10:00', endTime: '11:00' })).status).toBe(409);
  });

  it('is refused when asked to be signed remotely over an entry already logged', async () => {
    const { parent, student } = await newFamily();
    await logged(parent.cookie, student.id, { startTime: '09:00', endTime: '10:30' });
    const { supervisorSignature: _signedHere, ...body } = sessionBody(student.id, {
      startTime: '10:00',
      endTime: '11:00',
    });
    const supervisorEmail = `pat-${nextTestId()}@example.org`;
    const asked = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send({ ...body, remoteSignOff: { supervisorEmail } });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual(overlapping('2026-03-07', '09:00', '10:30'));
    expect(await sessionCount(student.id)).toBe(1);
    expect(await mongoose.connection.collection('mail_queue').countDocuments({ to: supervisorEmail })).toBe(0);
  });

  it('is no longer refused once the entry it overlapped is removed', async () => {
    const { parent, student } = await newFamily();
    const mistaken = await logged(parent.cookie, student.id, { startTime: '09:00', endTime: '10:30' });
    await http()
      .post(`/api/driving-sessions/${mistaken.id}/removal`)
      .set('Cookie', parent.cookie)
      .send({ reason: 'Wrong times' })
      .expect(200);
    await logged(parent.cookie, student.id, { startTime: '09:30', endTime: '10:30' });
    expect(await inForce(parent.cookie, student.id)).toEqual(['2026-03-07 09:30-10:30']);
  });

  it('is not one with another learner’s drive at the same time', async () => {
    const { parent, student } = await newFamily();
    const sibling = await insertStudent(parent.userId);
    await logged(parent.cookie, student.id, { startTime: '09:00', endTime: '10:30' });
    await logged(parent.cookie, sibling.id, { startTime: '09:00', endTime: '10:30' });
  });

  it('is what the second of two guardians logging the same drive on their own phones is told', async () => {
    const first = nextTestId();
    const second = nextTestId();
    const [firstCookie, secondCookie] = await Promise.all([parentCookie(first), parentCookie(second, first)]);
    const student = await insertStudent(first);
    await logged(firstCookie, student.id, { startTime: '16:00', endTime: '17:00' });
    const again = await log(secondCookie, student.id, { startTime: '16:05', endTime: '17:00' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(overlapping('2026-03-07', '16:00', '17:00'));
    expect(await sessionCount(student.id)).toBe(1);
  });

  it('answers a repeated client id with the entry already logged, as before', async () => {
    const { parent, student } = await newFamily();
    const body = sessionBody(student.id, { startTime: '09:00', endTime: '10:30' });
    const first = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    const again = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
  });
});
