import { z } from 'zod';
import { STATE_CODES } from './state-codes';

const byKind = z.object({ day: z.number(), night: z.number(), total: z.number() });

/** GET /api/driving-sessions/:studentId/summary: progress against the family's targets, paper hours included. */
export const progressSummarySchema = z.object({
  dayHours: z.number(),
  nightHours: z.number(),
  totalHours: z.number(),
  targets: byKind,
  percent: byKind,
  remaining: byKind,
  badge: z.string(),
  sessionCount: z.number(),
  /** Extra hours for instructor lessons under the family's state rule, already in the day and total hours. */
  bonusHours: z.number().optional(),
  instructorLessons: z.number().optional(),
  /** Hours the state's rule credits for courses the learner completed, already in the day and total hours. */
  courseHours: z.number().optional(),
  courses: z.array(z.object({ id: z.string(), name: z.string(), hours: z.number() })).optional(),
  openingBalance: z
    .object({ dayHours: z.number(), nightHours: z.number(), note: z.string().optional() })
    .nullable()
    .optional(),
  /**
   * The family's state, whose rule the figures follow: a device keeps it, so the session form applies that state's
   * rule with no connection.
   */
  state: z.enum(STATE_CODES).optional(),
  /** Entries awaiting the supervisor's signature on their own phone: shown apart, counted nowhere until signed. */
  awaitingSignature: z.object({ sessionCount: z.number().int(), hours: z.number() }).optional(),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;
