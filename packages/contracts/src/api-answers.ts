import { z } from 'zod';
import { accountMessageSchema, familyExportSchema } from './account';
import { answersOf, noContent, type BinaryResponse } from './api-routes';
import { progressSummarySchema } from './progress-summary';
import { readinessSchema, stateRulesAnswerSchema } from './readiness-schema';
import {
  insightsViewSchema,
  ownVerificationSchema,
  sessionListSchema,
  settingListSchema,
  signedOutSchema,
  simulatedConfirmSchema,
  subscriptionViewSchema,
  verificationAnswerSchema,
  webhookReceiptSchema,
} from './responses';
import {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  drivingSessionSchema,
  settingSchema,
  studentAuthSchema,
  supervisorListSchema,
  vehicleListSchema,
  supervisorSchema,
  userSchema,
} from './schemas';
import { signOffDoneSchema, signOffEntrySchema } from './sign-off';
import { studentsApi } from './students-api';

/*
 * Every /api route and its success answer, for the services' side (the API description and the contract tests); the
 * front ends import the single answers they read from ./responses, so this map and the route declarations stay off
 * the page.
 */

export type { BinaryResponse };
const pdf: BinaryResponse = { kind: 'binary', contentType: 'application/pdf' };

/** Every /api route, as its service declares it ("METHOD /path"), and its success answer. */
export const responseSchemas = {
  // svc-auth
  'POST /api/register': accountMessageSchema,
  'POST /api/login': userSchema,
  'POST /api/logout': signedOutSchema,
  'GET /api/user': userSchema,
  'POST /api/student-login': studentAuthSchema,
  'GET /api/student-auth': studentAuthSchema,
  'POST /api/student-logout': signedOutSchema,
  'PUT /api/user/password': userSchema,
  'GET /api/user/export': familyExportSchema,
  'DELETE /api/user': noContent,
  'POST /api/password-reset': accountMessageSchema,
  'POST /api/password-reset/confirm': accountMessageSchema,
  // svc-students: declared with the routes themselves
  ...answersOf(studentsApi),
  // svc-billing
  'GET /api/billing/config': billingConfigSchema,
  'POST /api/create-subscription': createSubscriptionResponseSchema,
  'GET /api/subscription/:studentId': subscriptionViewSchema,
  'POST /api/cancel-subscription': subscriptionViewSchema,
  'POST /api/billing/payment': createSubscriptionResponseSchema,
  'POST /api/billing/resume': subscriptionViewSchema,
  'POST /api/billing/card': createSubscriptionResponseSchema,
  'POST /api/billing/simulate/confirm': simulatedConfirmSchema,
  'POST /api/billing/simulate/renewal-failure': subscriptionViewSchema,
  'POST /api/stripe/webhook': webhookReceiptSchema,
  // svc-logbook
  'POST /api/driving-sessions': drivingSessionSchema,
  'GET /api/driving-sessions/:studentId': sessionListSchema,
  'GET /api/driving-sessions/:studentId/summary': progressSummarySchema,
  'GET /api/driving-sessions/:studentId/pdf': pdf,
  'GET /api/driving-sessions/:studentId/insights': insightsViewSchema,
  'GET /api/driving-sessions/:studentId/verification': ownVerificationSchema,
  'GET /api/verify/:code': verificationAnswerSchema,
  'POST /api/driving-sessions/:id/correction': drivingSessionSchema,
  'POST /api/driving-sessions/:id/removal': drivingSessionSchema,
  'POST /api/driving-sessions/:id/sign-off/resend': drivingSessionSchema,
  'POST /api/driving-sessions/:id/sign-off/cancel': drivingSessionSchema,
  'POST /api/signing/entry': signOffEntrySchema,
  'POST /api/signing/sign': signOffDoneSchema,
  'POST /api/signing/decline': signOffDoneSchema,
  'GET /api/sign-off/:token': signOffEntrySchema,
  'POST /api/sign-off/:token': signOffDoneSchema,
  'POST /api/sign-off/:token/decline': signOffDoneSchema,
  'GET /api/supervisors': supervisorListSchema,
  'POST /api/supervisors': supervisorSchema,
  'PUT /api/supervisors/:id': supervisorSchema,
  'DELETE /api/supervisors/:id': noContent,
  'GET /api/vehicles': vehicleListSchema,
  'GET /api/settings': settingListSchema,
  'DELETE /api/settings/targets': settingListSchema,
  'GET /api/state-rules': stateRulesAnswerSchema,
  'GET /api/driving-sessions/:studentId/readiness': readinessSchema,
  'PUT /api/settings/:key': settingSchema,
  'POST /api/settings': settingSchema,
} as const satisfies Record<string, z.ZodType | BinaryResponse>;

export type ApiRoute = keyof typeof responseSchemas;
/** The JSON answer of a route (never for a binary one). */
export type ResponseOf<R extends ApiRoute> = (typeof responseSchemas)[R] extends z.ZodType
  ? z.infer<(typeof responseSchemas)[R]>
  : never;

export const isBinaryResponse = (entry: z.ZodType | BinaryResponse): entry is BinaryResponse =>
  !(entry instanceof z.ZodType);
