import type { z } from 'zod';
import {
  cancelSubscriptionSchema,
  createSubscriptionSchema,
  drivingSessionInputSchema,
  loginSchema,
  registerSchema,
  sessionListQuerySchema,
  settingInputSchema,
  settingValueSchema,
  studentCredentialsSchema,
  studentInputSchema,
  studentLoginSchema,
} from '@logbook/contracts/schemas';
import { openingBalanceSchema } from '@logbook/contracts/opening-balance';
import {
  changePasswordSchema,
  deleteAccountSchema,
  exportQuerySchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@logbook/contracts/account';

/** Who may call a route: the parent's cookie, the student's, either, or anyone. */
export type Caller = 'parent' | 'student' | 'parent-or-student' | 'anyone';

export interface Operation {
  summary: string;
  caller: Caller;
  /** The JSON body the service parses, with the same schema it parses it with. */
  body?: z.ZodType;
  /** The query string the service parses. */
  query?: z.ZodObject;
  /** The success status when it is not 200. */
  status?: number;
  /** A route that answers with no body (its status says it all). */
  noContent?: true;
  /** The body is taken as raw bytes (a signed webhook), not JSON parsed by this schema. */
  rawBody?: string;
}

/**
 * What the API description says of each /api route besides its answer (which comes from `responseSchemas` in
 * @logbook/contracts/responses). A new route is added here, under its service, as "METHOD /path" the way Express
 * mounts it; `npm run openapi` then writes docs/openapi.json, and the gateway's tests refuse a route that Express
 * mounts and this table (or the answers) leaves out.
 */
export const operations: Record<string, Operation> = {
  // svc-auth
  'POST /api/register': {
    summary: 'Create a parent account (the same answer whether or not the email already has one)',
    caller: 'anyone',
    body: registerSchema,
    status: 201,
  },
  'POST /api/login': { summary: 'Sign a parent in', caller: 'anyone', body: loginSchema },
  'POST /api/logout': { summary: 'Sign the parent out', caller: 'anyone' },
  'GET /api/user': { summary: 'The signed-in parent', caller: 'parent' },
  'POST /api/student-login': { summary: 'Sign a student in', caller: 'anyone', body: studentCredentialsSchema },
  'GET /api/student-auth': { summary: 'The signed-in student', caller: 'student' },
  'POST /api/student-logout': { summary: 'Sign the student out', caller: 'anyone' },
  'PUT /api/user/password': { summary: "Change the parent's password", caller: 'parent', body: changePasswordSchema },
  'GET /api/user/export': {
    summary: "The family's data to take away (JSON or CSV)",
    caller: 'parent',
    query: exportQuerySchema,
  },
  'DELETE /api/user': {
    summary: "Close the parent's account",
    caller: 'parent',
    body: deleteAccountSchema,
    status: 204,
    noContent: true,
  },
  'POST /api/password-reset': {
    summary: 'Send a password reset link',
    caller: 'anyone',
    body: passwordResetRequestSchema,
    status: 202,
  },
  'POST /api/password-reset/confirm': {
    summary: 'Set a new password from a reset link',
    caller: 'anyone',
    body: passwordResetConfirmSchema,
  },
  // svc-students
  'GET /api/students': { summary: "The parent's students", caller: 'parent' },
  'POST /api/students': { summary: 'Add a student', caller: 'parent', body: studentInputSchema, status: 201 },
  'GET /api/students/:id': { summary: 'One student', caller: 'parent' },
  'PUT /api/students/:id': { summary: "Change a student's details", caller: 'parent', body: studentInputSchema },
  'DELETE /api/students/:id': {
    summary: 'Remove a student and everything of theirs',
    caller: 'parent',
    status: 204,
    noContent: true,
  },
  'GET /api/students/:id/opening-balance': { summary: 'Hours logged before the app', caller: 'parent' },
  'PUT /api/students/:id/opening-balance': {
    summary: 'Record hours logged before the app',
    caller: 'parent',
    body: openingBalanceSchema,
  },
  'POST /api/students/:id/create-login': {
    summary: 'Give a student a login',
    caller: 'parent',
    body: studentLoginSchema,
    status: 201,
  },
  'PUT /api/students/:id/update-login': {
    summary: "Change a student's login",
    caller: 'parent',
    body: studentLoginSchema,
  },
  'DELETE /api/students/:id/delete-login': { summary: "Remove a student's login", caller: 'parent' },
  // svc-billing
  'GET /api/billing/config': { summary: 'Which payment provider the browser talks to', caller: 'anyone' },
  'POST /api/create-subscription': {
    summary: 'Start a subscription for a student',
    caller: 'parent',
    body: createSubscriptionSchema,
  },
  'GET /api/subscription/:studentId': { summary: "A student's subscription", caller: 'parent' },
  'POST /api/cancel-subscription': {
    summary: 'Cancel at the end of the period',
    caller: 'parent',
    body: cancelSubscriptionSchema,
  },
  'POST /api/billing/payment': {
    summary: 'Pay for a subscription that is not paid up',
    caller: 'parent',
    body: cancelSubscriptionSchema,
  },
  'POST /api/billing/simulate/confirm': { summary: 'Confirm a payment (simulated provider only)', caller: 'parent' },
  'POST /api/billing/simulate/renewal-failure': {
    summary: 'Fail a renewal (simulated provider only)',
    caller: 'parent',
    body: cancelSubscriptionSchema,
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
  },
  'GET /api/driving-sessions/:studentId': {
    summary: "A student's sessions",
    caller: 'parent-or-student',
    query: sessionListQuerySchema,
  },
  'GET /api/driving-sessions/:studentId/summary': { summary: 'Progress to the hours', caller: 'parent-or-student' },
  'GET /api/driving-sessions/:studentId/pdf': { summary: 'The log book as a PDF', caller: 'parent-or-student' },
  'GET /api/driving-sessions/:studentId/insights': { summary: 'Pace and coverage', caller: 'parent-or-student' },
  'GET /api/driving-sessions/:studentId/verification': {
    summary: "The log book's verification code",
    caller: 'parent-or-student',
  },
  'GET /api/verify/:code': { summary: 'Check a printed log book', caller: 'anyone' },
  'GET /api/settings': { summary: 'Settings', caller: 'parent-or-student' },
  'PUT /api/settings/:key': { summary: 'Change a setting', caller: 'parent', body: settingValueSchema },
  'POST /api/settings': { summary: 'Add a setting', caller: 'parent', body: settingInputSchema },
};
