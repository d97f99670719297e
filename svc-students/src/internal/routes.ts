import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import type { InternalStudent, VerifiedStudent } from '@logbook/contracts/internal-api';
import { API_ERRORS } from '@logbook/contracts/messages';
import { notFound, parseId, parseOr400, unauthorized } from '@logbook/service-kit/errors';
import { eventsRouter, internalRouter, type TopicEvent } from '@logbook/service-kit/internal';
import { passwordHashing } from '@logbook/service-kit/password-hash';
import { PASSWORD_HASH_ROUNDS } from '../logins/logins';
import { learnerKey } from '../students/free-month';
import { applySubscriptionStatus, namedStudent, studentForServices, studentSigningIn } from '../students/students';

// Compared against when nobody has the username, so an unknown name costs the same bcrypt work as a wrong password.
const DUMMY_HASH = bcrypt.hashSync(crypto.randomBytes(16).toString('hex'), PASSWORD_HASH_ROUNDS);

const credentialsSchema = z.object({
  studentUsername: z.string().min(1).max(200),
  studentPassword: z.string().min(1).max(200),
});

export const internalStudentsRouter = internalRouter();

/** For svc-billing (whose student is this, for ownership) and svc-auth (the signed-in student's name and status). */
internalStudentsRouter.get('/internal/students/:id', async (req, res) => {
  const id = parseId(req.params.id);
  const doc = await studentForServices(id);
  if (!doc) throw notFound(API_ERRORS.studentNotFound);
  const student: InternalStudent = {
    ...namedStudent(doc),
    ...(doc.stripeSubscriptionId ? { legacyStripeSubscriptionId: doc.stripeSubscriptionId } : {}),
    learnerKey: learnerKey(doc),
  };
  res.json(student);
});

/**
 * For svc-auth's student sign-in: the student these credentials belong to. The password hash never leaves this
 * service; unknown name, wrong password and a removed login all answer the same 401 after the same bcrypt work.
 * When the hashing workers are full it answers 503 with Retry-After at once, which svc-auth passes on.
 */
internalStudentsRouter.post('/internal/student-logins/verify', passwordHashing.admit, async (req, res) => {
  const { studentUsername, studentPassword } = parseOr400(credentialsSchema, req.body);
  const doc = await studentSigningIn(studentUsername);
  const hash = doc?.hasStudentLogin && doc.studentPassword?.startsWith('$2') ? doc.studentPassword : undefined;
  const matches = await passwordHashing.compare(studentPassword, hash ?? DUMMY_HASH);
  if (!doc || !hash || !matches) throw unauthorized(API_ERRORS.invalidCredentials);
  const verified: VerifiedStudent = { ...namedStudent(doc), loginVersion: doc.loginVersion ?? 0 };
  res.json(verified);
});

/** svc-billing's `subscription` events: the status shown on the dashboard and required for a student login. */
async function applySubscription(event: TopicEvent<'subscription'>) {
  await applySubscriptionStatus(event.key, event.version, event.data.status);
}

export const studentEventsRouter = eventsRouter({ subscription: applySubscription });
