import { z } from 'zod';
import { API_ERRORS } from '@logbook/contracts/messages';
import { notFound, parseId, parseOr400 } from '@logbook/service-kit/errors';
import { eventsRouter, internalRouter, type InternalEvent } from '@logbook/service-kit/internal';
import { UserModel } from '../accounts/model';
import { loginChanged } from '../student-sessions/login-versions';

/** What svc-billing may know of a parent account: the email its payment customer is made with. */
export interface InternalUser {
  id: number;
  email: string;
  createdAt: string;
  /** Set only on accounts whose payment customer svc-billing wrote here before it kept its own records. */
  legacyStripeCustomerId?: string;
}

export const internalAuthRouter = internalRouter();

internalAuthRouter.get('/internal/users/:id', async (req, res) => {
  const user = await UserModel.findById(parseId(req.params.id))
    .select({ _id: 1, email: 1, createdAt: 1, stripeCustomerId: 1 })
    .lean();
  if (!user) throw notFound(API_ERRORS.notFound);
  const answer: InternalUser = {
    id: user._id,
    email: user.email,
    createdAt: new Date(user.createdAt ?? 0).toISOString(),
    ...(user.stripeCustomerId ? { legacyStripeCustomerId: user.stripeCustomerId } : {}),
  };
  res.json(answer);
});

const studentLoginEventSchema = z.object({ loginVersion: z.number().int().min(0) });

/** svc-students' `student-login` event: the login changed or went, so every session signed in before it ends. */
async function applyStudentLogin(event: InternalEvent) {
  const { loginVersion } = parseOr400(studentLoginEventSchema, event.data);
  await loginChanged(event.key, loginVersion);
}

export const authEventsRouter = eventsRouter({ 'student-login': applyStudentLogin });
