import { z } from 'zod';
import { isRealDate } from './dates';
import { VALIDATION } from './messages';
import { STATE_CODES } from './state-codes';

/*
 * The answers of GET /api/state-rules and GET /api/driving-sessions/:studentId/readiness: schemas only, so the
 * clients that parse them do not carry the rules themselves.
 */

/** Where a figure comes from, and whether it was checked against that official page. */
const sourcedSchema = { source: z.string(), verified: z.boolean(), note: z.string().optional() };
/** The learner's age in years (from, under; null: no upper bound) a figure applies to. */
const ageBand = { fromAge: z.number(), underAge: z.number().nullable() };

/** One version of a state's rule, as GET /api/state-rules answers it. */
export const stateRuleVersionSchema = z.object({
  state: z.enum(STATE_CODES),
  name: z.string(),
  /** In force from this day (YYYY-MM-DD), null: since before any log book the product keeps. */
  from: z.string().nullable(),
  /** In force until the day before this one, null: still in force. */
  until: z.string().nullable(),
  /** Hours a learner of an age must log; 0 where none are asked. */
  hours: z.array(z.object({ ...ageBand, totalHours: z.number(), nightHours: z.number(), ...sourcedSchema })),
  /**
   * Each lesson hour with a licensed instructor counts as `multiplier` log book hours, for at most `maxLessonHours`
   * lesson hours. The extra hours count as day hours: a night lesson gives one night hour for each hour driven and the
   * rest as day hours (`nightSplit`).
   */
  lessonCredit: z
    .object({
      multiplier: z.number(),
      maxLessonHours: z.number().nullable(),
      nightSplit: z.literal('extra-as-day'),
      ...sourcedSchema,
    })
    .nullable(),
  /**
   * Courses that add log book hours once (New South Wales's Safer Drivers Course), as day hours, for a learner younger
   * than `underAge` on the day of the course (null: any age) who had logged `minLoggedHours` before it.
   */
  courseCredits: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      hours: z.number(),
      conditions: z.string(),
      underAge: z.number().nullable(),
      minLoggedHours: z.number(),
      /** Counted only for a course completed after the learner had held the permit this many months. */
      minPermitMonths: z.number().optional(),
      ...sourcedSchema,
    }),
  ),
  /** The shortest time on the learner's permit before the test, by the learner's age. */
  permitTime: z.array(z.object({ ...ageBand, months: z.number(), ...sourcedSchema })),
  /** How long a supervisor must have held a full licence (0: a full licence, no length set). */
  supervisor: z.object({ fullLicenceYears: z.number(), ...sourcedSchema }),
  entryFields: z.object({ fields: z.array(z.string()), ...sourcedSchema }),
  /**
   * Present where the hours and permit time go by the learner's age when the permit was issued (the ACT); otherwise
   * by their age on the day asked.
   */
  ageCountedOn: z.literal('permitDate').optional(),
});

/**
 * The query of GET /api/state-rules, and of GET /api/vehicles (what the family's state's log book records about the car
 * on a drive that day): the day (today when absent).
 */
export const stateRulesQuerySchema = z.object({
  on: z.string({ error: VALIDATION.ruleDateInvalid }).refine(isRealDate, VALIDATION.ruleDateInvalid).optional(),
});

/** GET /api/state-rules?on=YYYY-MM-DD: every state's rule in force that day. */
export const stateRulesAnswerSchema = z.object({ on: z.string(), rules: z.array(stateRuleVersionSchema) });

/** 'courses' only when the learner recorded a course: whether each adds its hours, and why not. */
const READINESS_CHECKS = ['hours', 'night-hours', 'courses', 'permit-time', 'entries', 'supervisors'] as const;

/** GET /api/driving-sessions/:studentId/readiness: whether the log book would pass today, in plain words. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  earliestTestDate: z.string().nullable(),
  checks: z.array(z.object({ id: z.enum(READINESS_CHECKS), ok: z.boolean(), message: z.string(), source: z.string() })),
});
export type Readiness = z.infer<typeof readinessSchema>;
