import { z } from 'zod';
import { SUBSCRIPTION_NEXT_STEPS, SUBSCRIPTION_STATUSES } from './constants';
import { accountMessageSchema, familyExportSchema } from './account';
import { answersOf, noContent, type BinaryResponse } from './api-routes';
import { progressSummarySchema } from './progress-summary';
import { studentsApi } from './students-api';
import { readinessSchema, stateRulesAnswerSchema } from './readiness-schema';
import {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  drivingSessionSchema,
  settingSchema,
  studentAuthSchema,
  supervisorListSchema,
  supervisorSchema,
  userSchema,
} from './schemas';

/*
 * What every /api route answers. The services build each answer from these types; the front ends parse what they
 * fetch with these schemas. Objects are not strict on purpose: a client already installed keeps working when the
 * server adds a field (extra fields are dropped by the parse); the contract test compares each real answer with its
 * parse, so the server never sends a field the contract lacks.
 */

/** Every refusal, from every service and from the gateway: the product's own words. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The sign-out answers. */
export const signedOutSchema = z.object({ message: z.string() });
export type SignedOut = z.infer<typeof signedOutSchema>;

/** One student's subscription as the billing service keeps it. */
export const subscriptionViewSchema = z.object({
  studentId: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionId: z.string().nullable(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Whether a new subscription would start with the free month (each student has it once). */
  trialAvailable: z.boolean(),
  /** What the parent must do for a subscription that still exists but is not paid up, if anything. */
  nextStep: z.enum(SUBSCRIPTION_NEXT_STEPS).nullable().optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** The simulated provider's stand-in for the card form. */
export const simulatedConfirmSchema = z.object({
  status: z.literal('succeeded'),
  subscription: subscriptionViewSchema,
});
export type SimulatedConfirm = z.infer<typeof simulatedConfirmSchema>;

/** What a webhook delivery is told: counted once, and whether it changed anything. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.string().optional(),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

const countsSchema = z.record(z.string(), z.number());

/** Pace over the last four weeks and the conditions practised. */
export const insightsViewSchema = z.object({
  /** Hours in each of the last four weeks, oldest first (the last ends today). */
  hoursPerWeek: z.array(z.number()),
  averageWeeklyHours: z.number(),
  /** When the total target is met at the recent pace ('YYYY-MM-DD'); null when there is no recent driving. */
  forecastDate: z.string().nullable(),
  counts: z.object({
    timeOfDay: countsSchema,
    traffic: countsSchema,
    road: countsSchema,
    /** Optional only so an answer kept on the device from before still reads. */
    weather: countsSchema.optional(),
  }),
  notPractised: z.array(z.string()),
  today: z.string(),
  totalTarget: z.number(),
  hoursRemaining: z.number(),
  /** 'At this pace: all 100 hours by 14 March 2027'. */
  paceText: z.string(),
  /** 'Not yet practised: unsealed roads, heavy traffic'. */
  notPractisedText: z.string(),
});
export type InsightsView = z.infer<typeof insightsViewSchema>;

/** What anyone holding a verification code may know: never a name or a signature. */
export const verificationAnswerSchema = z.object({
  intact: z.boolean(),
  initials: z.string(),
  sessionCount: z.number().int(),
  totalHours: z.number(),
  dayHours: z.number(),
  nightHours: z.number(),
  /** Entries put right by a correction, and entries removed: kept in the chain, counted in neither the entries nor the hours. */
  correctionCount: z.number().int(),
  removalCount: z.number().int(),
  checkedAt: z.string(),
  brokenAt: z
    .object({
      /** 1-based, in the order the sessions were logged. */
      entry: z.number().int(),
      date: z.string().nullable(),
      hash: z.string().nullable(),
      problem: z.enum(['changed', 'missing']),
    })
    .optional(),
});
export type VerificationAnswer = z.infer<typeof verificationAnswerSchema>;

/** The same check for the student's own screens, with the code and the link to share. */
export const ownVerificationSchema = verificationAnswerSchema.extend({ code: z.string(), url: z.string() });
export type OwnVerification = z.infer<typeof ownVerificationSchema>;

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
  'POST /api/billing/simulate/confirm': simulatedConfirmSchema,
  'POST /api/billing/simulate/renewal-failure': subscriptionViewSchema,
  'POST /api/stripe/webhook': webhookReceiptSchema,
  // svc-logbook
  'POST /api/driving-sessions': drivingSessionSchema,
  'GET /api/driving-sessions/:studentId': z.array(drivingSessionSchema),
  'GET /api/driving-sessions/:studentId/summary': progressSummarySchema,
  'GET /api/driving-sessions/:studentId/pdf': pdf,
  'GET /api/driving-sessions/:studentId/insights': insightsViewSchema,
  'GET /api/driving-sessions/:studentId/verification': ownVerificationSchema,
  'GET /api/verify/:code': verificationAnswerSchema,
  'POST /api/driving-sessions/:id/correction': drivingSessionSchema,
  'POST /api/driving-sessions/:id/removal': drivingSessionSchema,
  'GET /api/supervisors': supervisorListSchema,
  'POST /api/supervisors': supervisorSchema,
  'PUT /api/supervisors/:id': supervisorSchema,
  'DELETE /api/supervisors/:id': noContent,
  'GET /api/settings': z.array(settingSchema),
  'DELETE /api/settings/targets': z.array(settingSchema),
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

/**
 * Returns the answer unchanged, and fails to compile when it carries a top-level field the contract lacks: for
 * answers assembled with a spread, where TypeScript's own excess-field check does not look.
 */
export const exactly =
  <Shape>() =>
  <T extends Shape>(answer: T & Record<Exclude<keyof T, keyof Shape>, never>): Shape =>
    answer;
