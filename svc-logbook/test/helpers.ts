import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { PNG } from 'pngjs';
import request from 'supertest';
import { internalHeaders } from '@logbook/service-kit/internal';
import { parentCookie, setupTestDatabase, studentCookie, teardownTestDatabase } from '@logbook/service-kit/testing';
import { drivesInTurn } from '@logbook/service-kit/test-drives';
import { calculateDuration } from '@logbook/contracts/duration';
import { createLogbookApp, logbookModels } from '../src/app';
import { DrivingSessionModel } from '../src/sessions/model';
import type { OpeningBalance } from '../src/students/model';

export const app = createLogbookApp();
export const http = () => request(app);

export function useDatabase() {
  beforeAll(async () => {
    await setupTestDatabase(logbookModels);
  });
  afterAll(teardownTestDatabase);
}

let lastId = 1000;
export const nextTestId = () => ++lastId;

/** A signature as the pad makes it: a 400x150 white PNG with a black stroke. */
export function signaturePng(width = 400, height = 150, seed = 0): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  for (let x = 20; x < width - 20; x++) {
    const y = Math.round(height / 2 + Math.sin((x + seed * 13) / 18) * (height / 4));
    for (let dy = -1; dy <= 1; dy++) {
      const i = ((y + dy) * width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
    }
  }
  return PNG.sync.write(png);
}
export const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
export const SIGNATURE = dataUrl(signaturePng());

export interface TestStudent {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
}

export async function insertStudent(
  userId: number,
  fields: {
    firstName?: string;
    lastName?: string;
    subscriptionStatus?: string;
    licenseNumber?: string;
    dateOfBirth?: string;
    openingBalance?: OpeningBalance;
  } = {},
): Promise<TestStudent> {
  const id = nextTestId();
  const student = {
    userId,
    firstName: fields.firstName ?? 'Alex',
    lastName: fields.lastName ?? `Learner${id}`,
    dateOfBirth: fields.dateOfBirth ?? '2008-04-12',
    licenseNumber: fields.licenseNumber ?? `L${id}`,
    openingBalance: fields.openingBalance ? { dayHours: 0, nightHours: 0, note: '', ...fields.openingBalance } : null,
  };
  // As the owners tell the log book: svc-students the profile, svc-billing the subscription.
  await sendEvent({ topic: 'student', key: id, version: 1, data: student });
  await setSubscription(id, userId, fields.subscriptionStatus ?? 'active', 1);
  return { id, userId, firstName: student.firstName, lastName: student.lastName };
}

/** Sends one owner's event to the log book's internal API, as the owner's publisher does. */
export async function sendEvent(event: { topic: string; key: number; version: number; data: unknown }) {
  const res = await http().post('/internal/events').set(internalHeaders()).send(event);
  if (res.status !== 204) throw new Error(`event refused: ${res.status} ${res.text}`);
}

/** svc-billing's `subscription` event for a student. */
export const setSubscription = (studentId: number, userId: number, status: string, version: number) =>
  sendEvent({ topic: 'subscription', key: studentId, version, data: { userId, status } });

/** A parent account (just a user id here: svc-auth owns users) with a signed-in cookie. */
export async function newParent() {
  const userId = nextTestId();
  return { userId, cookie: await parentCookie(userId) };
}

/** A new parent with one student. */
export async function newFamily() {
  const parent = await newParent();
  const student = await insertStudent(parent.userId);
  return { parent, student };
}

/** The supervisor's answer on the signing page: signs the entry the link's token stands for. */
export const signRemotely = (token: string | undefined, seed: number) =>
  http()
    .post('/api/signing/sign')
    .send({
      token,
      supervisorName: 'Pat Supervisor',
      supervisorLicenseNumber: 'SA123456',
      licenceState: 'SA',
      fullLicenceYear: 1998,
      supervisorSignature: dataUrl(signaturePng(400, 150, seed)),
    });

export const cookieFor = (student: TestStudent) => studentCookie(student.id, student.userId);

/** A parent as svc-auth knows them too (an account with its address, which signing requests are counted by), with a student. */
export async function familyWithAccount() {
  const parent = await newParent();
  const email = `parent-${parent.userId}-${crypto.randomUUID()}@example.com`;
  await mongoose.connection
    .collection('users')
    .insertOne({ _id: parent.userId as never, username: email, email, password: 'x', createdAt: new Date() });
  const student = await insertStudent(parent.userId);
  return { parent, email, student };
}

/** An entry of a new family awaiting its supervisor's signature, and the token of the link emailed to them. */
export async function entryAwaitingSigner(overrides: Record<string, unknown> = {}) {
  const family = await familyWithAccount();
  const supervisorEmail = `pat-${crypto.randomUUID()}@example.org`;
  const { supervisorSignature: _here, ...body } = sessionBody(family.student.id, overrides);
  const asked = await http()
    .post('/api/driving-sessions')
    .set('Cookie', await cookieFor(family.student))
    .send({ ...body, remoteSignOff: { supervisorEmail } });
  expect(asked.status).toBe(201);
  const mail = await mongoose.connection.collection('mail_queue').findOne({ to: supervisorEmail });
  const token = String(mail?.text).match(/\/sign#([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeDefined();
  return { ...family, id: asked.body.id as number, token: token! };
}

const nextDrive = drivesInTurn('2026-03-07');

/** A session as the form sends it; without a start and end, the student's next drive (drivesInTurn). */
export function sessionBody(studentId: number, overrides: Record<string, unknown> = {}) {
  const timed = 'startTime' in overrides || 'endTime' in overrides;
  const drive = timed ? { date: '2026-03-07', startTime: '09:00', endTime: '10:30' } : nextDrive(studentId);
  const startTime = (overrides.startTime as string) ?? drive.startTime;
  const endTime = (overrides.endTime as string) ?? drive.endTime;
  return {
    studentId,
    date: drive.date,
    startTime,
    endTime,
    duration: calculateDuration(startTime, endTime),
    startSuburb: 'Glenelg',
    endSuburb: 'Norwood',
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    studentSignature: SIGNATURE,
    supervisorName: 'Pat Supervisor',
    supervisorLicenseNumber: 'SA123456',
    supervisorSignature: SIGNATURE,
    clientId: crypto.randomUUID(),
    ...overrides,
  };
}

export const sessionCount = (studentId: number) => DrivingSessionModel.countDocuments({ studentId });

/** A student's PDF log book, as the bytes sent. */
export async function fetchPdf(studentId: number, cookie: string): Promise<Buffer> {
  const res = await http()
    .get(`/api/driving-sessions/${studentId}/pdf`)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
  return res.body as Buffer;
}

/** The text of a PDF in drawing order (row by row for the log book), read by poppler's pdftotext. */
export const pdfTextOf = (data: Buffer): string =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: data }).toString();
