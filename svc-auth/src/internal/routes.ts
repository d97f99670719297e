import { signOffMailSchema, type InternalGuardian, type InternalUser } from '@logbook/contracts/internal-api';
import { API_ERRORS } from '@logbook/contracts/messages';
import { notFound, parseId, parseOr400 } from '@logbook/service-kit/errors';
import { eventsRouter, internalRouter, type TopicEvent } from '@logbook/service-kit/internal';
import { endStudentSessions } from '@logbook/service-kit/auth';
import { familyContact, guardianAccount } from '../guardians/families';
import { queueNotice, noticeSchema } from '../mail/notices';
import { mailOrigin, queueMail } from '../mail/queue';
import { mailTemplates } from '../mail/templates';
import { StudentLoginVersionModel, loginChanged } from '../student-sessions/login-versions';

export const internalAuthRouter = internalRouter();

internalAuthRouter.get('/internal/users/:id', async (req, res) => {
  // Asked by family id: the family's contact is its billing owner.
  const familyId = parseId(req.params.id);
  const user = await familyContact(familyId);
  if (!user) throw notFound(API_ERRORS.notFound);
  const answer: InternalUser = {
    id: familyId,
    billingOwnerId: user._id,
    email: user.email,
    createdAt: new Date(user.createdAt ?? 0).toISOString(),
    ...(user.stripeCustomerId ? { legacyStripeCustomerId: user.stripeCustomerId } : {}),
  };
  res.json(answer);
});

/** A guardian's own account, as svc-logbook notes who logged an entry: their email and the family they act for. */
internalAuthRouter.get('/internal/guardians/:id', async (req, res) => {
  const guardianId = parseId(req.params.id);
  const guardian = await guardianAccount(guardianId);
  if (!guardian) throw notFound(API_ERRORS.notFound);
  const answer: InternalGuardian = guardian;
  res.json(answer);
});

/** svc-billing's notices about a student's subscription: queued as an email to the parent, never waiting for SMTP. */
internalAuthRouter.post('/internal/parents/:parentId/notices', async (req, res) => {
  const parentId = parseId(req.params.parentId);
  const notice = parseOr400(noticeSchema, req.body);
  const user = await familyContact(parentId);
  if (!user) throw notFound(API_ERRORS.notFound);
  await queueNotice({ _id: parentId, email: user.email }, notice);
  res.status(202).json({ queued: true });
});

/** svc-logbook's emails about a supervisor signing from their own phone: queued, never waiting for SMTP. */
internalAuthRouter.post('/internal/sign-off-mail', async (req, res) => {
  const mail = parseOr400(signOffMailSchema, req.body);
  const user = await familyContact(mail.parentId);
  if (!user) throw notFound(API_ERRORS.notFound);
  const origin = mailOrigin();
  if (mail.kind === 'sign_off_request') {
    // Kept with the family's mail, so closing the account removes a request still waiting to be sent.
    await queueMail(mail.to, mail.kind, mailTemplates.signOffRequest({ origin, ...mail }), mail.parentId);
  } else {
    await queueMail(user.email, mail.kind, mailTemplates.signOffDeclined({ origin, ...mail }), mail.parentId);
  }
  res.status(202).json({ queued: true });
});

/** svc-students removed the student: every session of theirs ends, and nothing of them stays here. */
internalAuthRouter.delete('/internal/students/:studentId/sessions', async (req, res) => {
  const studentId = parseId(req.params.studentId);
  await endStudentSessions(studentId);
  await StudentLoginVersionModel.deleteOne({ _id: studentId });
  res.status(204).end();
});

/** svc-students' `student-login` event: the login changed or went, so every session signed in before it ends. */
async function applyStudentLogin(event: TopicEvent<'student-login'>) {
  const { loginVersion } = event.data;
  await loginChanged(event.key, loginVersion);
}

export const authEventsRouter = eventsRouter({ 'student-login': applyStudentLogin });
