import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { createAuthApp } from 'svc-auth/app';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import { servePeers } from '@logbook/service-kit/testing';
import { SIGN_OFF_LIMITS } from '../src/sign-off/links';
import { cookieFor, http, sessionBody, useDatabase, familyWithAccount } from './helpers';

// A supervisor's allowance below two families' five each, read when the service first reads its configuration.
const PER_SUPERVISOR = 8;
process.env.SIGN_OFF_REQUESTS_PER_SUPERVISOR = String(PER_SUPERVISOR);

useDatabase();
beforeAll(async () => {
  await servePeers({
    auth: createAuthApp({ mail: { from: 'Logbook <hello@logbook.test>', publicOrigin: 'http://x' } }),
  });
});

/** A family as svc-auth knows it (its parent's address), with a student signed in. */
async function family() {
  const { student } = await familyWithAccount();
  const studentCookie = await cookieFor(student);
  /** The student logs a drive and asks the supervisor at this address to sign it. */
  return async (supervisorEmail: string) => {
    const { supervisorSignature: _signedHere, ...body } = sessionBody(student.id);
    return http()
      .post('/api/driving-sessions')
      .set('Cookie', studentCookie)
      .send({ ...body, remoteSignOff: { supervisorEmail } });
  };
}

const delivered = (local: string) =>
  mongoose.connection.collection('mail_queue').countDocuments({ to: { $regex: `^${local}(\\+|@)` } });

describe("a supervisor's allowance of signature requests, whichever families ask", () => {
  it('lets a second family ask an instructor the first has asked its five times, up to the per-supervisor cap', async () => {
    const instructor = `instructor-${crypto.randomUUID().slice(0, 8)}`;
    const first = await family();
    const second = await family();
    const third = await family();

    const firstAnswers = [];
    for (let n = 0; n <= SIGN_OFF_LIMITS.perFamilyAndAddress; n++) {
      firstAnswers.push((await first(`${instructor}+${n}@example.org`)).status);
    }
    expect(firstAnswers).toEqual([201, 201, 201, 201, 201, 429]);

    // The first family spent its five: the second may still ask, until the instructor's own allowance is spent.
    const secondAnswers = [];
    for (let n = 0; n < PER_SUPERVISOR - SIGN_OFF_LIMITS.perFamilyAndAddress + 1; n++) {
      secondAnswers.push(await second(`${instructor}@example.org`));
    }
    expect(secondAnswers.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(secondAnswers[3].body).toEqual({ message: SIGN_OFF_MESSAGES.tooManyRequests });
    expect(Number(secondAnswers[3].headers['retry-after'])).toBeGreaterThan(0);

    // A third family is held by the instructor's allowance too, and only for that instructor.
    expect((await third(`${instructor.toUpperCase()}@Example.org`)).status).toBe(429);
    expect((await third(`other-${crypto.randomUUID()}@example.org`)).status).toBe(201);
    expect(await delivered(instructor)).toBe(PER_SUPERVISOR);
  });
});
