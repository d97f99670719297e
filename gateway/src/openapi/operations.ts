import type { Caller, Refusal, RouteDescription } from '@logbook/contracts/api-routes';
import { studentsApi } from '@logbook/contracts/students-api';
import {
  cancelSubscriptionSchema,
  createSubscriptionSchema,
  drivingSessionInputSchema,
  insightsQuerySchema,
  loginSchema,
  sessionCorrectionInputSchema,
  sessionListQuerySchema,
  sessionRemovalInputSchema,
  settingInputSchema,
  settingValueSchema,
  simulatedConfirmInputSchema,
  studentCredentialsSchema,
  supervisorInputSchema,
} from '@logbook/contracts/schemas';
import {
  signOffDeclineSchema,
  signOffDeclineWithTokenSchema,
  signOffInputSchema,
  signOffResendSchema,
  signOffTokenSchema,
  signOffWithTokenSchema,
} from '@logbook/contracts/sign-off';
import { stateRulesQuerySchema } from '@logbook/contracts/readiness-schema';
import {
  changePasswordSchema,
  deleteAccountSchema,
  exportQuerySchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registrationSchema,
} from '@logbook/contracts/account';

/** What the description says of a route besides its answer: in @logbook/contracts/api-routes, shared with the routes. */
export type Operation = RouteDescription;
export type { Caller, Refusal };

/**
 * What the API description says of each /api route besides its answer (which comes from `responseSchemas` in
 * @logbook/contracts/api-answers). A new route is added here, under its service, as "METHOD /path" the way Express
 * mounts it; `npm run openapi` then writes docs/openapi.json, and the gateway's tests refuse a route that Express
 * mounts and this table (or the answers) leaves out.
 */
export const operations: Record<string, Operation> = {
  // svc-auth
  'POST /api/register': {
    summary: 'Create a parent account (the same answer whether or not the email already has one)',
    caller: 'anyone',
    body: registrationSchema,
    status: 201,
    refuses: ['tooMany', 'busy'],
  },
  'POST /api/login': {
    summary: 'Sign a parent in',
    caller: 'anyone',
    body: loginSchema,
    refuses: ['unauthorized', 'tooMany', 'busy'],
  },
  'POST /api/logout': { summary: 'Sign the parent out', caller: 'anyone' },
  'GET /api/user': { summary: 'The signed-in parent', caller: 'parent' },
  'POST /api/student-login': {
    summary: 'Sign a student in',
    caller: 'anyone',
    body: studentCredentialsSchema,
    refuses: ['unauthorized', 'tooMany', 'busy'],
  },
  'GET /api/student-auth': { summary: 'The signed-in student', caller: 'student' },
  'POST /api/student-logout': { summary: 'Sign the student out', caller: 'anyone' },
  'PUT /api/user/password': {
    summary: "Change the parent's password",
    caller: 'parent',
    body: changePasswordSchema,
    refuses: ['forbidden', 'tooMany', 'busy'],
  },
  'GET /api/user/export': {
    summary: "The family's data to take away (JSON or CSV)",
    caller: 'parent',
    query: exportQuerySchema,
    alsoAs: 'text/csv',
  },
  'DELETE /api/user': {
    summary: "Close the parent's account",
    caller: 'parent',
    body: deleteAccountSchema,
    status: 204,
    noContent: true,
    refuses: ['forbidden', 'tooMany', 'busy'],
  },
  'POST /api/password-reset': {
    summary: 'Send a password reset link',
    caller: 'anyone',
    body: passwordResetRequestSchema,
    status: 202,
    refuses: ['tooMany'],
  },
  'POST /api/password-reset/confirm': {
    summary: 'Set a new password from a reset link',
    caller: 'anyone',
    body: passwordResetConfirmSchema,
    refuses: ['busy'],
  },
  // svc-students: registered from the same declarations (see `declaredRouter` in @logbook/service-kit)
  ...studentsApi,
  // svc-billing
  'GET /api/billing/config': { summary: 'Which payment provider the browser talks to', caller: 'anyone' },
  'POST /api/create-subscription': {
    summary: 'Start a subscription for a student',
    caller: 'parent',
    body: createSubscriptionSchema,
    refuses: ['notFound', 'conflict', 'paymentRefused', 'tooMany'],
  },
  'GET /api/subscription/:studentId': { summary: "A student's subscription", caller: 'parent' },
  'POST /api/cancel-subscription': {
    summary: 'Cancel at the end of the period',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
  },
  'POST /api/billing/payment': {
    summary: 'Pay for a subscription that is not paid up',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict', 'paymentRefused'],
  },
  'POST /api/billing/resume': {
    summary: 'Take back a cancel at the end of the period',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
  },
  'POST /api/billing/card': {
    summary: 'Start changing the card of a running subscription (a SetupIntent to confirm)',
    caller: 'parent',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
  },
  'POST /api/billing/simulate/confirm': {
    summary: 'Confirm a payment (simulated provider only)',
    caller: 'parent',
    unpublished: 'with the simulated payment provider alone',
    body: simulatedConfirmInputSchema,
    refuses: ['notFound', 'conflict'],
  },
  'POST /api/billing/simulate/renewal-failure': {
    summary: 'Fail a renewal (simulated provider only)',
    caller: 'parent',
    unpublished: 'with the simulated payment provider alone',
    body: cancelSubscriptionSchema,
    refuses: ['notFound', 'conflict'],
  },
  'POST /api/stripe/webhook': {
    summary: "Stripe's signed events",
    caller: 'anyone',
    rawBody: 'The event exactly as Stripe signed it, with its Stripe-Signature header',
  },
  // svc-logbook
  'POST /api/driving-sessions': {
    summary: 'Log a driving session',
    caller: 'parent-or-student',
    body: drivingSessionInputSchema,
    status: 201,
    repeatAnswersOk: true,
    refuses: ['forbidden', 'notFound', 'conflict', 'tooMany'],
  },
  'GET /api/driving-sessions/:studentId': {
    summary: "A student's sessions",
    caller: 'parent-or-student',
    query: sessionListQuerySchema,
  },
  'GET /api/driving-sessions/:studentId/summary': { summary: 'Progress to the hours', caller: 'parent-or-student' },
  'GET /api/driving-sessions/:studentId/pdf': { summary: 'The log book as a PDF', caller: 'parent-or-student' },
  'GET /api/driving-sessions/:studentId/insights': {
    summary: 'Pace and coverage',
    caller: 'parent-or-student',
    query: insightsQuerySchema,
  },
  'GET /api/driving-sessions/:studentId/verification': {
    summary: "The log book's verification code",
    caller: 'parent-or-student',
  },
  'POST /api/driving-sessions/:id/correction': {
    summary: 'Correct a logged session (parents only): a new entry in its place',
    caller: 'parent-or-student',
    body: sessionCorrectionInputSchema,
    status: 201,
    repeatAnswersOk: true,
    refuses: ['forbidden', 'conflict'],
  },
  'POST /api/driving-sessions/:id/removal': {
    summary: 'Remove a logged session (parents only): kept in the chain, counted nowhere',
    caller: 'parent-or-student',
    body: sessionRemovalInputSchema,
    refuses: ['forbidden', 'conflict'],
  },
  'GET /api/verify/:code': { summary: 'Check a printed log book', caller: 'anyone', refuses: ['notFound', 'tooMany'] },
  'POST /api/driving-sessions/:id/sign-off/resend': {
    summary: 'Email the supervisor a new link to sign an entry awaiting their signature (parents only)',
    caller: 'parent-or-student',
    body: signOffResendSchema,
    refuses: ['forbidden', 'conflict', 'tooMany'],
  },
  'POST /api/driving-sessions/:id/sign-off/cancel': {
    summary: "Withdraw the request for the supervisor's signature (parents only): the entry is removed",
    caller: 'parent-or-student',
    refuses: ['forbidden', 'conflict'],
  },
  'POST /api/signing/entry': {
    summary:
      "The entry a supervisor's link asks them to sign, as it will be printed (no sign-in; the link's token in the body)",
    caller: 'anyone',
    body: signOffTokenSchema,
    refuses: ['notFound', 'tooMany'],
  },
  'POST /api/signing/sign': {
    summary: 'The supervisor confirms who they are and signs the entry (no sign-in; the link then stops working)',
    caller: 'anyone',
    body: signOffWithTokenSchema,
    refuses: ['notFound', 'conflict', 'tooMany'],
  },
  'POST /api/signing/decline': {
    summary: 'The supervisor declines to sign the entry, with a reason (no sign-in): it never counts',
    caller: 'anyone',
    body: signOffDeclineWithTokenSchema,
    refuses: ['notFound', 'tooMany'],
  },
  'GET /api/sign-off/:token': {
    summary: "The entry a supervisor's link asks them to sign, as it will be printed (no sign-in)",
    caller: 'anyone',
    refuses: ['notFound', 'tooMany'],
  },
  'POST /api/sign-off/:token': {
    summary: 'The supervisor confirms who they are and signs the entry (no sign-in; the link then stops working)',
    caller: 'anyone',
    body: signOffInputSchema,
    refuses: ['notFound', 'conflict', 'tooMany'],
  },
  'POST /api/sign-off/:token/decline': {
    summary: 'The supervisor declines to sign the entry, with a reason (no sign-in): it never counts',
    caller: 'anyone',
    body: signOffDeclineSchema,
    refuses: ['notFound', 'tooMany'],
  },
  'GET /api/driving-sessions/:studentId/readiness': {
    summary: 'Will this log book pass? A checklist under the state rule in force today',
    caller: 'parent-or-student',
  },
  'GET /api/state-rules': {
    summary: "Every state's learner rule in force on a day, each figure with its official page (cached)",
    caller: 'anyone',
    query: stateRulesQuerySchema,
  },
  'GET /api/settings': { summary: 'Settings', caller: 'parent-or-student' },
  'DELETE /api/settings/targets': {
    summary: "Reset to Defaults: drop the family's own targets, so its state's rule sets them",
    caller: 'parent',
  },
  'PUT /api/settings/:key': { summary: 'Change a setting', caller: 'parent', body: settingValueSchema },
  'POST /api/settings': { summary: 'Add a setting', caller: 'parent', body: settingInputSchema },
  'GET /api/supervisors': { summary: "The family's saved supervisors", caller: 'parent-or-student' },
  'GET /api/vehicles': {
    summary:
      "The family's vehicles, most recently used first, with their latest odometer reading; and what its state's log book records about the car on a drive of the day asked (today by default)",
    caller: 'parent-or-student',
    query: stateRulesQuerySchema,
  },
  'POST /api/supervisors': {
    summary: 'Save a supervisor for the family (the same name and licence again answers that one)',
    caller: 'parent-or-student',
    body: supervisorInputSchema,
    status: 201,
  },
  'PUT /api/supervisors/:id': {
    summary: "Change a saved supervisor's details (parents only)",
    caller: 'parent-or-student',
    body: supervisorInputSchema,
    refuses: ['forbidden', 'conflict'],
  },
  'DELETE /api/supervisors/:id': {
    summary: 'Forget a saved supervisor (parents only)',
    caller: 'parent-or-student',
    status: 204,
    noContent: true,
    refuses: ['forbidden'],
  },
};
