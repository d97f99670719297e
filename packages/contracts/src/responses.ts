import { z } from 'zod';
import { SUBSCRIPTION_NEXT_STEPS, SUBSCRIPTION_STATUSES } from './constants';
import { drivingSessionSchema, settingSchema } from './schemas';

/*
 * What every /api route answers. The services build each answer from these types; the front ends parse what they
 * fetch with these schemas. Objects are not strict on purpose: a client already installed keeps working when the
 * server adds a field (extra fields are dropped by the parse); the contract test compares each real answer with its
 * parse, so the server never sends a field the contract lacks.
 */

/** Every refusal, from every service and from the gateway: the product's own words. */
export const errorResponseSchema = z.object({ message: z.string() });

/** The sign-out answers. */
export const signedOutSchema = z.object({ message: z.string() });

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
  /** A payment from the family was disputed with the bank: its subscriptions were canceled and no new one starts. */
  accountDisputed: z.boolean().optional(),
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

/** GET /api/driving-sessions/:studentId: the student's entries, oldest first. */
export const sessionListSchema = z.array(drivingSessionSchema);

/** GET /api/settings: the family's settings. */
export const settingListSchema = z.array(settingSchema);

/**
 * Returns the answer unchanged, and fails to compile when it carries a top-level field the contract lacks: for
 * answers assembled with a spread, where TypeScript's own excess-field check does not look.
 */
export const exactly =
  <Shape>() =>
  <T extends Shape>(answer: T & Record<Exclude<keyof T, keyof Shape>, never>): Shape =>
    answer;
