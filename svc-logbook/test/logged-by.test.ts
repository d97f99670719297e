import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { createAuthApp } from 'svc-auth/app';
import { parentCookie, servePeers } from '@logbook/service-kit/testing';
import { setServiceUrls } from '@logbook/service-kit/internal';
import { checkChain } from '../src/chain/chain';
import { VerificationLimitModel } from '../src/chain/model';
import {
  cookieFor,
  fetchPdf,
  http,
  insertStudent,
  nextTestId,
  pdfTextOf,
  sessionBody,
  useDatabase,
  signRemotely,
} from './helpers';

const ORIGIN = 'http://logbook.test';
let authUrl: string;

useDatabase();
beforeAll(async () => {
  // svc-auth knows each guardian's email, and queues the supervisor's signing link.
  const peers = await servePeers({
    auth: createAuthApp({ mail: { from: 'Logbook <hello@logbook.test>', publicOrigin: ORIGIN } }),
  });
  authUrl = peers.auth;
});
beforeEach(async () => {
  await VerificationLimitModel.deleteMany({});
});

/** A guardian's account as svc-auth keeps it: the family's first guardian, or one who joined `familyId`. */
async function guardian(familyId?: number) {
  const id = nextTestId();
  const email = `${familyId === undefined ? 'alex' : 'sam'}${id}@example.com`;
  await mongoose.connection.collection('users').insertOne({
    _id: id as never,
    username: email,
    email,
    password: 'x',
    createdAt: new Date(),
    ...(familyId === undefined ? {} : { familyId }),
  });
  return { id, email, cookie: await parentCookie(id, familyId ?? id) };
}

/** A family of two guardians, A (its first) and B (who joined), with a student. */
async function familyOfTwo() {
  const a = await guardian();
  const b = await guardian(a.id);
  const student = await insertStudent(a.id);
  return { a, b, student };
}

const log = (cookie: string, studentId: number, overrides: Record<string, unknown> = {}) =>
  http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(studentId, overrides));

/** The student's history, corrected and removed entries included. */
async function listOf(cookie: string, studentId: number) {
  const res = await http().get(`/api/driving-sessions/${studentId}?include=history`).set('Cookie', cookie);
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; loggedBy?: string | null; signedRemotely?: boolean }>;
}

describe('which guardian logged an entry', () => {
  it('is the guardian who logged it, in the answer, the list and the PDF, and sealed into the chain', async () => {
    const { a, b, student } = await familyOfTwo();
    const byB = await log(b.cookie, student.id, { date: '2026-03-07' });
    expect(byB.status).toBe(201);
    expect(byB.body.loggedBy).toBe(b.email);
    const byA = await log(a.cookie, student.id, { date: '2026-03-08' });
    expect(byA.status).toBe(201);
    expect(byA.body.loggedBy).toBe(a.email);

    // Either guardian reads the same history.
    for (const reader of [a, b]) {
      const list = await listOf(reader.cookie, student.id);
      expect(list.find((s) => s.id === byB.body.id)?.loggedBy).toBe(b.email);
      expect(list.find((s) => s.id === byA.body.id)?.loggedBy).toBe(a.email);
    }

    // Oldest first: B's entry, then A's, each saying who logged it beneath its row.
    const pdf = pdfTextOf(await fetchPdf(student.id, a.cookie));
    const saidB = pdf.indexOf(`Logged by: ${b.email}`);
    const saidA = pdf.indexOf(`Logged by: ${a.email}`);
    expect(saidB).toBeGreaterThan(-1);
    expect(saidA).toBeGreaterThan(saidB);
    expect(pdf).not.toMatch(/unknown/i);

    expect((await checkChain(student.id)).intact).toBe(true);
  });

  it('is the guardian who corrected an entry, on the correction', async () => {
    const { a, b, student } = await familyOfTwo();
    const byB = await log(b.cookie, student.id);
    const fixed = await http()
      .post(`/api/driving-sessions/${byB.body.id}/correction`)
      .set('Cookie', a.cookie)
      .send({ ...sessionBody(student.id, { endSuburb: 'Brighton' }), reason: 'Wrong suburb' });
    expect(fixed.status).toBe(201);
    expect(fixed.body.loggedBy).toBe(a.email);
    // The entry put right still says who logged it.
    const list = await listOf(b.cookie, student.id);
    expect(list.find((s) => s.id === byB.body.id)?.loggedBy).toBe(b.email);
    expect((await checkChain(student.id)).intact).toBe(true);
  });

  it('stays the guardian who asked when the supervisor signs on their own phone', async () => {
    const { a, b, student } = await familyOfTwo();
    const supervisorEmail = `pat-${crypto.randomUUID()}@example.org`;
    const { supervisorSignature: _beside, ...body } = sessionBody(student.id);
    const asked = await http()
      .post('/api/driving-sessions')
      .set('Cookie', b.cookie)
      .send({ ...body, remoteSignOff: { supervisorEmail } });
    expect(asked.status).toBe(201);
    expect(asked.body.loggedBy).toBe(b.email);
    const mail = await mongoose.connection.collection('mail_queue').findOne({ to: supervisorEmail });
    const token = String(mail?.text).match(/\/sign#([A-Za-z0-9_-]+)/)?.[1];
    const signed = await signRemotely(token, 3);
    expect(signed.status).toBe(200);
    const entry = (await listOf(a.cookie, student.id)).find((s) => s.signedRemotely === true);
    expect(entry?.loggedBy).toBe(b.email);
    // Said beneath the supervisor's signing, on a line of its own when the row's line is full.
    expect(pdfTextOf(await fetchPdf(student.id, a.cookie))).toContain(`Logged by: ${b.email}`);
    expect((await checkChain(student.id)).intact).toBe(true);
  });

  it('is nobody on an entry the student logged, and on entries logged before (nothing is said)', async () => {
    const { a, student } = await familyOfTwo();
    const own = await log(await cookieFor(student), student.id, { date: '2026-03-07' });
    expect(own.status).toBe(201);
    expect(own.body.loggedBy).toBeNull();
    // An entry from before entries said who logged them.
    const before = await log(a.cookie, student.id, { date: '2026-03-08' });
    await mongoose.connection
      .collection('driving_sessions')
      .updateOne({ _id: before.body.id }, { $unset: { loggedBy: 1, loggedById: 1 } });
    const list = await listOf(a.cookie, student.id);
    expect(list.find((s) => s.id === own.body.id)?.loggedBy).toBeNull();
    expect(list.find((s) => s.id === before.body.id)?.loggedBy).toBeNull();
    const pdf = pdfTextOf(await fetchPdf(student.id, a.cookie));
    expect(pdf).not.toContain('Logged by');
    expect(pdf).not.toMatch(/unknown/i);
  });

  it('does not stop a drive being logged when svc-auth does not answer', async () => {
    const { a, student } = await familyOfTwo();
    // Nothing listens there.
    setServiceUrls({ auth: 'http://127.0.0.1:9' });
    try {
      const res = await log(a.cookie, student.id);
      expect(res.status).toBe(201);
      expect(res.body.loggedBy).toBeNull();
    } finally {
      setServiceUrls({ auth: authUrl });
    }
  });
});
