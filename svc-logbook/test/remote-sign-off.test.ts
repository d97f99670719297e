import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { createAuthApp } from 'svc-auth/app';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { drivingSessionSchema } from '@logbook/contracts/schemas';
import { SIGN_OFF_MESSAGES, signOffEntrySchema } from '@logbook/contracts/sign-off';
import { progressSummarySchema } from '@logbook/contracts/progress-summary';
import { internalHeaders } from '@logbook/service-kit/internal';
import { servePeers } from '@logbook/service-kit/testing';
import { useProductDay } from '@logbook/service-kit/test-clock';
import { VerificationLimitModel } from '../src/chain/model';
import { DrivingSessionModel } from '../src/sessions/model';
import { StudentRecordModel } from '../src/students/model';
import { SignOffLinkModel } from '../src/sign-off/model';
import { SIGN_OFF_LIMITS } from '../src/sign-off/links';
import {
  cookieFor,
  dataUrl,
  fetchPdf,
  http,
  insertStudent,
  newParent,
  pdfTextOf,
  sessionBody,
  signaturePng,
  useDatabase,
} from './helpers';

const ORIGIN = 'http://logbook.test';

useDatabase();
beforeAll(async () => {
  // The real svc-auth queues the emails (no SMTP here: they stay in its queue, read below as the sender would).
  await servePeers({ auth: createAuthApp({ mail: { from: 'Logbook <hello@logbook.test>', publicOrigin: ORIGIN } }) });
});

// Each test starts with the address's allowance of public calls whole (every call here comes from one address).
beforeEach(async () => {
  await VerificationLimitModel.deleteMany({ _id: /^sign-off:ip:/ });
});

const SUPERVISOR_SIGNATURE = dataUrl(signaturePng(400, 150, 7));

/** A family as svc-auth knows it (its parent's address) and the log book does, with a student signed in. */
async function family(firstName = 'Jordan', lastName = 'Smithers') {
  const parent = await newParent();
  const email = `parent-${parent.userId}-${crypto.randomUUID()}@example.com`;
  await mongoose.connection.collection('users').insertOne({
    _id: parent.userId as never,
    username: email,
    email,
    password: 'not-used',
    createdAt: new Date(),
  });
  const student = await insertStudent(parent.userId, { firstName, lastName });
  return { parent, email, student, studentCookie: await cookieFor(student) };
}

const supervisorAddress = () => `pat-${crypto.randomUUID()}@example.org`;

/** The emails waiting in svc-auth's queue for an address, oldest first. */
type QueuedMail = { to: string; subject: string; text: string; html: string; kind: string; createdAt: Date };
const mailTo = (to: string) =>
  mongoose.connection.collection<QueuedMail>('mail_queue').find({ to }).sort({ createdAt: 1 }).toArray();

/** The token of the newest link emailed to the address, read from the email's text as the supervisor follows it. */
async function tokenFor(to: string): Promise<string> {
  const mails = await mailTo(to);
  const text = mails.at(-1)?.text ?? '';
  const match = text.match(new RegExp(`${ORIGIN}/sign#([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no link in the email to ${to}: ${text}`);
  return match[1];
}

const askFor = (cookie: string, studentId: number, supervisorEmail: string, extra: Record<string, unknown> = {}) => {
  const { supervisorSignature: _signedHere, ...body } = sessionBody(studentId, extra);
  return http()
    .post('/api/driving-sessions')
    .set('Cookie', cookie)
    .send({ ...body, remoteSignOff: { supervisorEmail } });
};

const signing = (overrides: Record<string, unknown> = {}) => ({
  supervisorName: 'Pat Supervisor',
  supervisorLicenseNumber: 'SA123456',
  licenceState: 'SA',
  fullLicenceYear: 1998,
  supervisorSignature: SUPERVISOR_SIGNATURE,
  ...overrides,
});

const get = (cookie: string, path: string) => http().get(path).set('Cookie', cookie);
const summary = async (cookie: string, studentId: number) =>
  progressSummarySchema.parse((await get(cookie, `/api/driving-sessions/${studentId}/summary`)).body);
const history = async (cookie: string, studentId: number) =>
  drivingSessionSchema.array().parse((await get(cookie, `/api/driving-sessions/${studentId}?include=history`)).body);
const verification = async (cookie: string, studentId: number) => {
  const own = await get(cookie, `/api/driving-sessions/${studentId}/verification`);
  return (await http().get(`/api/verify/${own.body.code}`)).body as {
    intact: boolean;
    sessionCount: number;
    correctionCount: number;
  };
};

/** Every token that is not live gets this one answer, whatever the reason. */
async function expectNotLive(token: string) {
  const answers = [
    await http().get(`/api/sign-off/${token}`),
    await http().post(`/api/sign-off/${token}`).send(signing()),
    await http().post(`/api/sign-off/${token}/decline`).send({ reason: 'Not me' }),
  ];
  for (const res of answers) {
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: SIGN_OFF_MESSAGES.linkNotLive });
  }
}

describe('a supervisor signs from their own phone', () => {
  it('emails a link; the entry counts nowhere until signed, then is sealed into the chain, counted and printed', async () => {
    const { parent, student, studentCookie } = await family();
    const pat = supervisorAddress();
    const asked = await askFor(studentCookie, student.id, pat, { startTime: '09:00', endTime: '11:30' });
    expect(asked.status).toBe(201);
    const awaiting = drivingSessionSchema.parse(asked.body);
    expect(awaiting).toMatchObject({ status: 'awaiting', signOff: { status: 'awaiting', remote: true } });
    expect(awaiting.hash).toBeUndefined();

    // One email to the supervisor, with a link of at least 128 random bits; only its hash is stored.
    const mails = await mailTo(pat);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Jordan S.');
    expect(mails[0].text).not.toContain('Smithers');
    const token = await tokenFor(pat);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await SignOffLinkModel.countDocuments({ _id: token })).toBe(0);
    expect(await SignOffLinkModel.countDocuments({ sessionId: awaiting.id })).toBe(1);

    // Awaiting: listed apart, counted nowhere (summary, in-force list, verification, PDF).
    const before = await summary(parent.cookie, student.id);
    expect(before.totalHours).toBe(0);
    expect(before.sessionCount).toBe(0);
    expect(before.awaitingSignature).toEqual({ sessionCount: 1, hours: 2.5 });
    expect((await get(parent.cookie, `/api/driving-sessions/${student.id}`)).body).toEqual([]);
    expect(await verification(parent.cookie, student.id)).toMatchObject({ intact: true, sessionCount: 0 });
    expect(pdfTextOf(await fetchPdf(student.id, parent.cookie))).not.toContain('Glenelg');

    // The page shows the entry as it will be printed, and of the family only the learner's first name and initial.
    const page = await http().get(`/api/sign-off/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const entry = signOffEntrySchema.strict().parse(page.body);
    expect(entry).toMatchObject({
      learner: 'Jordan S.',
      date: '2026-03-07',
      startTime: '09:00',
      endTime: '11:30',
      duration: '2.5 hours',
      startSuburb: 'Glenelg',
      endSuburb: 'Norwood',
      supervisorName: 'Pat Supervisor',
      supervisorRule: { state: 'SA', fullLicenceYears: 2 },
    });
    expect(JSON.stringify(page.body)).not.toMatch(/Smithers|example\.com|studentId|userId/);

    const signed = await http().post(`/api/sign-off/${token}`).send(signing());
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: 'signed', supervisorRuleNotMet: false, signedAt: expect.any(String) });

    // Sealed and counted: the history holds the signed entry, the awaiting copy is gone, the chain verifies.
    const after = await summary(parent.cookie, student.id);
    expect(after.totalHours).toBe(2.5);
    expect(after.awaitingSignature).toEqual({ sessionCount: 0, hours: 0 });
    const entries = await history(parent.cookie, student.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'in_force',
      signedRemotely: true,
      signedAt: signed.body.signedAt,
      supervisorLicenceState: 'SA',
      supervisorFullLicenceYear: 1998,
      signOff: { status: 'signed', remote: true, signedAt: signed.body.signedAt },
      clientId: awaiting.clientId,
    });
    expect(entries[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verification(parent.cookie, student.id)).toMatchObject({ intact: true, sessionCount: 1 });
    const pdf = pdfTextOf(await fetchPdf(student.id, parent.cookie));
    expect(pdf).toContain('Glenelg');
    expect(pdf).toMatch(/Signed remotely by the supervisor on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}/);

    // The time of signing is sealed: changing it in the database breaks the chain.
    await DrivingSessionModel.updateOne({ _id: entries[0].id }, { $set: { signedAt: '2026-01-01T00:00:00.000Z' } });
    expect((await get(parent.cookie, `/api/driving-sessions/${student.id}/verification`)).body.intact).toBe(false);

    // Used once: the same link answers the one 404 from now on.
    await expectNotLive(token);
  });

  it('a decline tells the parent (email and history) and the entry never counts', async () => {
    const { parent, email, student, studentCookie } = await family();
    const pat = supervisorAddress();
    expect((await askFor(studentCookie, student.id, pat)).status).toBe(201);
    const token = await tokenFor(pat);
    const declined = await http().post(`/api/sign-off/${token}/decline`).send({ reason: 'I was not in the car' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined' });

    const told = await mailTo(email);
    expect(told).toHaveLength(1);
    expect(told[0].kind).toBe('sign_off_declined');
    expect(told[0].text).toContain('I was not in the car');
    const [entry] = await history(parent.cookie, student.id);
    expect(entry).toMatchObject({
      status: 'declined',
      signOff: { status: 'declined', declineReason: 'I was not in the car' },
    });
    expect((await summary(parent.cookie, student.id)).totalHours).toBe(0);
    expect(await verification(parent.cookie, student.id)).toMatchObject({ intact: true, sessionCount: 0 });
    await expectNotLive(token);
  });

  it('answers one 404 for a token guessed, malformed, expired, resent over or for an entry no longer awaiting', async () => {
    const { parent, student, studentCookie } = await family();
    await expectNotLive(crypto.randomBytes(24).toString('base64url'));
    await expectNotLive('not-a-token');
    await expectNotLive(`${'A'.repeat(31)}%24`);

    // Expired: 7 days after it was sent.
    const expiring = supervisorAddress();
    const first = await askFor(studentCookie, student.id, expiring);
    const expired = await tokenFor(expiring);
    const link = await SignOffLinkModel.findOne({ sessionId: first.body.id }).lean();
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    await SignOffLinkModel.updateOne(
      { sessionId: first.body.id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    await expectNotLive(expired);

    // Sent again: the earlier link stops working, the new one opens the same entry.
    const resent = await http()
      .post(`/api/driving-sessions/${first.body.id}/sign-off/resend`)
      .set('Cookie', parent.cookie)
      .send({});
    expect(resent.status).toBe(200);
    const fresh = await tokenFor(expiring);
    expect(fresh).not.toBe(expired);
    expect((await http().get(`/api/sign-off/${fresh}`)).status).toBe(200);

    // A token opens its own entry and nothing else: signing one leaves the other awaiting.
    const other = supervisorAddress();
    const second = await askFor(studentCookie, student.id, other, { date: '2026-03-08' });
    const otherToken = await tokenFor(other);
    expect((await http().get(`/api/sign-off/${otherToken}`)).body.date).toBe('2026-03-08');
    expect((await http().post(`/api/sign-off/${fresh}`).send(signing())).status).toBe(200);
    const entries = await history(parent.cookie, student.id);
    expect(entries.find((e) => e.id === second.body.id)).toMatchObject({ status: 'awaiting' });
    expect(entries.filter((e) => e.status === 'in_force').map((e) => e.date)).toEqual(['2026-03-07']);

    // The parent cancels the other request: its link no longer opens anything.
    const cancelled = await http()
      .post(`/api/driving-sessions/${second.body.id}/sign-off/cancel`)
      .set('Cookie', parent.cookie)
      .send({});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'removed', signOff: { status: 'cancelled' } });
    await expectNotLive(otherToken);
    // Only the parent resends or cancels.
    const third = await askFor(studentCookie, student.id, supervisorAddress());
    const byStudent = await http()
      .post(`/api/driving-sessions/${third.body.id}/sign-off/cancel`)
      .set('Cookie', studentCookie)
      .send({});
    expect(byStudent.status).toBe(403);
    const stranger = await newParent();
    const byStranger = await http()
      .post(`/api/driving-sessions/${third.body.id}/sign-off/resend`)
      .set('Cookie', stranger.cookie)
      .send({});
    expect(byStranger.status).toBe(404);
  });

  it('an entry corrected or removed while awaiting cancels its link', async () => {
    const { parent, student, studentCookie } = await family();
    const pat = supervisorAddress();
    const asked = await askFor(studentCookie, student.id, pat, { startTime: '09:00', endTime: '10:00' });
    const token = await tokenFor(pat);
    const corrected = await http()
      .post(`/api/driving-sessions/${asked.body.id}/correction`)
      .set('Cookie', parent.cookie)
      .send({
        ...sessionBody(student.id, { startTime: '09:00', endTime: '10:30' }),
        reason: 'Pat was beside us after all',
      });
    expect(corrected.status).toBe(201);
    expect(corrected.body).toMatchObject({ correctionOf: asked.body.id, status: 'in_force' });
    await expectNotLive(token);
    expect((await summary(parent.cookie, student.id)).totalHours).toBe(1.5);
    // The entry it put right was never sealed: the public check counts no correction.
    expect(await verification(parent.cookie, student.id)).toMatchObject({
      intact: true,
      sessionCount: 1,
      correctionCount: 0,
    });
    const entries = await history(parent.cookie, student.id);
    expect(entries.find((e) => e.id === asked.body.id)).toMatchObject({
      status: 'superseded',
      signOff: { status: 'cancelled' },
    });

    const sam = supervisorAddress();
    const again = await askFor(studentCookie, student.id, sam, { date: '2026-03-09' });
    const samToken = await tokenFor(sam);
    const removed = await http()
      .post(`/api/driving-sessions/${again.body.id}/removal`)
      .set('Cookie', parent.cookie)
      .send({ reason: 'Never happened' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'removed' });
    await expectNotLive(samToken);
    expect((await summary(parent.cookie, student.id)).awaitingSignature).toEqual({ sessionCount: 0, hours: 0 });
  });

  it('limits requests per supervisor address and per family, storing nothing past a limit', async () => {
    const { parent, student, studentCookie } = await family();
    const pat = supervisorAddress();
    for (let i = 0; i < SIGN_OFF_LIMITS.perFamilyAndAddress; i++) {
      expect((await askFor(studentCookie, student.id, pat)).status).toBe(201);
    }
    const tooMany = await askFor(studentCookie, student.id, pat);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toEqual({ message: SIGN_OFF_MESSAGES.tooManyRequests });
    // Again once the first of the five is a day old.
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 120);
    expect(Number(tooMany.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    expect(await mailTo(pat)).toHaveLength(SIGN_OFF_LIMITS.perFamilyAndAddress);

    for (let i = SIGN_OFF_LIMITS.perFamilyAndAddress; i < SIGN_OFF_LIMITS.perFamily; i++) {
      expect((await askFor(studentCookie, student.id, supervisorAddress())).status).toBe(201);
    }
    const fresh = supervisorAddress();
    const overFamily = await askFor(studentCookie, student.id, fresh);
    expect(overFamily.status).toBe(429);
    expect(await mailTo(fresh)).toHaveLength(0);
    expect(await DrivingSessionModel.countDocuments({ studentId: student.id })).toBe(SIGN_OFF_LIMITS.perFamily);
    expect((await summary(parent.cookie, student.id)).awaitingSignature?.sessionCount).toBe(SIGN_OFF_LIMITS.perFamily);
  });

  it("keeps an address's allowance by its mailbox, through a closed account and a new one, without locking other families out", async () => {
    const victim = `victim-${crypto.randomUUID().slice(0, 8)}`;
    const first = await family();
    for (let n = 1; n <= 3; n++) {
      expect((await askFor(first.studentCookie, first.student.id, `${victim}+${n}@example.org`)).status).toBe(201);
    }
    // The account closes (the log book forgets the family) and opens again under the same address, differently typed.
    await http().delete(`/internal/families/${first.parent.userId}`).set(internalHeaders()).expect(204);
    await mongoose.connection.collection('users').deleteOne({ _id: first.parent.userId as never });
    const again = await family();
    await mongoose.connection
      .collection('users')
      .updateOne({ _id: again.parent.userId as never }, { $set: { email: ` ${first.email.toUpperCase()}` } });
    const answers = [];
    for (let n = 4; n <= 6; n++) {
      answers.push((await askFor(again.studentCookie, again.student.id, `${victim}+${n}@Example.org`)).status);
    }
    expect(answers).toEqual([201, 201, 429]);
    const delivered = await mongoose.connection
      .collection('mail_queue')
      .countDocuments({ to: { $regex: `^${victim}\\+` } });
    expect(delivered).toBe(SIGN_OFF_LIMITS.perFamilyAndAddress);

    // Another family may still ask the same supervisor.
    const other = await family();
    expect((await askFor(other.studentCookie, other.student.id, `${victim}@example.org`)).status).toBe(201);
  });

  it('names the learner in the request by first name and initial, letters only, whatever the family typed', async () => {
    const { student, studentCookie } = await family('Win!https://evil.example/prize call', '<b>now</b>');
    const pat = supervisorAddress();
    expect((await askFor(studentCookie, student.id, pat)).status).toBe(201);
    const [mail] = await mailTo(pat);
    expect(mail.subject).toContain("please sign Winhttpsevilexampleprize B.'s drive");
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/evil\.example|https:\/\/evil|<b>|call/);
    }
    const token = await tokenFor(pat);
    expect((await http().get(`/api/sign-off/${token}`)).body.learner).toBe('Winhttpsevilexampleprize B.');
  });

  it("quotes a decline reason in the parent's email on one line, with no link in it", async () => {
    const { email, student, studentCookie } = await family();
    const pat = supervisorAddress();
    await askFor(studentCookie, student.id, pat);
    const token = await tokenFor(pat);
    const reason = 'Not me.\n\nOpen the log book:\nhttps://evil.example/login and write to help@evil.example';
    expect((await http().post(`/api/sign-off/${token}/decline`).send({ reason })).status).toBe(200);
    const [told] = await mailTo(email);
    const line = told.text.split('\n').find((l) => l.startsWith('Their reason'));
    expect(line).toBe(
      'Their reason, in their own words: “Not me. Open the log book: https[:]//evil[.]example/login and write to help[at]evil[.]example”',
    );
    expect(told.text).not.toContain('evil.example');
    expect(told.html).not.toContain('evil.example');
    expect(told.text.match(/^Open the log book/gm)).toHaveLength(1);
  });

  it("tells a supervisor one neutral sentence when the family's side stops the seal, and the link stays", async () => {
    const { student, studentCookie } = await family();
    const pat = supervisorAddress();
    expect((await askFor(studentCookie, student.id, pat)).status).toBe(201);
    const token = await tokenFor(pat);
    await StudentRecordModel.updateOne({ _id: student.id }, { $set: { subscriptionStatus: 'canceled' } });
    const refused = await http().post(`/api/sign-off/${token}`).send(signing());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: SIGN_OFF_MESSAGES.cannotSealNow });
    await StudentRecordModel.updateOne({ _id: student.id }, { $set: { subscriptionStatus: 'active' } });
    // Their own signature's problem is still theirs to see.
    const badImage = await http()
      .post(`/api/sign-off/${token}`)
      .send(signing({ supervisorSignature: 'data:image/png;base64,AAAA' }));
    expect(badImage.body).toEqual({ message: VALIDATION.signatureInvalid });
    expect((await http().post(`/api/sign-off/${token}`).send(signing())).status).toBe(200);
  });

  it('limits the public calls per address, so tokens cannot be tried in bulk', async () => {
    const guesses = [];
    for (let i = 0; i < 31; i++) {
      guesses.push(await http().get(`/api/sign-off/${crypto.randomBytes(24).toString('base64url')}`));
    }
    expect(guesses.filter((r) => r.status === 404)).toHaveLength(30);
    const refused = guesses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].body).toEqual({ message: API_ERRORS.tooManyAttempts });
  });

  it('warns of and marks a supervisor whose full licence is younger than the state asks', async () => {
    const { parent, student, studentCookie } = await family();
    const pat = supervisorAddress();
    await askFor(studentCookie, student.id, pat);
    const token = await tokenFor(pat);
    expect((await http().get(`/api/sign-off/${token}`)).body.supervisorRule).toEqual({
      state: 'SA',
      fullLicenceYears: 2,
    });
    const signed = await http()
      .post(`/api/sign-off/${token}`)
      .send(signing({ fullLicenceYear: 2025 }));
    expect(signed.status).toBe(200);
    expect(signed.body.supervisorRuleNotMet).toBe(true);
    const [entry] = await history(parent.cookie, student.id);
    expect(entry).toMatchObject({ supervisorRuleNotMet: true, supervisorFullLicenceYear: 2025, signedRemotely: true });
  });

  it('takes either the signature or the address to ask, checks what the supervisor sends, and retries the email', async () => {
    const { student, studentCookie } = await family();
    const both = await http()
      .post('/api/driving-sessions')
      .set('Cookie', studentCookie)
      .send({ ...sessionBody(student.id), remoteSignOff: { supervisorEmail: supervisorAddress() } });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(SIGN_OFF_MESSAGES.signatureOrRemote);
    const { supervisorSignature: _s, ...unsigned } = sessionBody(student.id);
    const neither = await http().post('/api/driving-sessions').set('Cookie', studentCookie).send(unsigned);
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(VALIDATION.supervisorSignatureRequired);
    const badAddress = await askFor(studentCookie, student.id, 'not an address');
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toBe(VALIDATION.invalidEmail);
    const hostile = await askFor(studentCookie, student.id, { $gt: '' } as unknown as string);
    expect(hostile.status).toBe(400);

    const pat = supervisorAddress();
    const asked = await askFor(studentCookie, student.id, pat);
    const token = await tokenFor(pat);
    for (const [body, message] of [
      [signing({ licenceState: 'XX' }), SIGN_OFF_MESSAGES.licenceStateRequired],
      [signing({ fullLicenceYear: 1800 }), VALIDATION.fullLicenceYearInvalid],
      [signing({ supervisorSignature: 'data:image/png;base64,AAAA' }), VALIDATION.signatureInvalid],
      [signing({ supervisorName: '' }), VALIDATION.supervisorNameRequired],
    ] as const) {
      const res = await http().post(`/api/sign-off/${token}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A refused signing leaves the link live.
    expect((await http().get(`/api/sign-off/${token}`)).status).toBe(200);

    // The outbox sending the same entry again gets the entry, and no second email.
    const retried = await askFor(studentCookie, student.id, pat, { clientId: asked.body.clientId });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(asked.body.id);
    expect(await mailTo(pat)).toHaveLength(1);
  });
});

describe('readiness of a remotely signed entry, on a fixed day', () => {
  useProductDay('2026-11-28');

  /** A family whose saved Pat got a full licence in `savedYear`, and an entry Pat sealed remotely saying `sealedYear`. */
  async function sealedBy(savedYear: number, sealedYear: number) {
    const { parent, student, studentCookie } = await family();
    const saved = await http()
      .post('/api/supervisors')
      .set('Cookie', parent.cookie)
      .send({ name: 'Pat Supervisor', licenseNumber: 'SA123456', fullLicenceYear: savedYear });
    expect(saved.status).toBe(201);
    const pat = supervisorAddress();
    await askFor(studentCookie, student.id, pat);
    const token = await tokenFor(pat);
    const sealed = await http()
      .post(`/api/sign-off/${token}`)
      .send(signing({ fullLicenceYear: sealedYear }));
    expect(sealed.status).toBe(200);
    const readiness = await get(parent.cookie, `/api/driving-sessions/${student.id}/readiness`);
    expect(readiness.status).toBe(200);
    return (readiness.body.checks as Array<{ id: string; ok: boolean; message: string }>).find(
      (c) => c.id === 'supervisors',
    );
  }

  it('judges it by the licence year its supervisor sealed, not a saved supervisor of that name', async () => {
    // South Australia asks two whole years of full licence; the drive is on 7 March 2026.
    expect(await sealedBy(1990, 2025)).toMatchObject({
      ok: false,
      message: 'Not yet: add the year Pat Supervisor got a full licence (2 years needed)',
    });
    expect(await sealedBy(2025, 1990)).toMatchObject({ ok: true });
  });
});
