import { z } from 'zod';
import './text-fields';
import { STATE_CODES } from './state-codes';

/*
 * What the services' internal API answers and what their events carry: one schema per answer, used by the owner to
 * build it and by every caller to read it (`callInternal(schema, …)`, `eventsRouter`). Server side only.
 */

const id = z.number().int().positive();
const hours = z.number().min(0).max(10_000);
const status = z.string().min(1).max(40);

/** GET /internal/users/:id (svc-auth): what svc-billing may know of a parent account. */
export const internalUserSchema = z.object({
  id,
  email: z.string(),
  createdAt: z.string(),
  /**
   * The guardian who holds the family's subscription (asked by family id, the answer is that guardian's account);
   * absent from a release before families.
   */
  billingOwnerId: id.optional(),
  /** Set only on accounts whose payment customer svc-billing wrote there before it kept its own records. */
  legacyStripeCustomerId: z.string().optional(),
});
export type InternalUser = z.infer<typeof internalUserSchema>;

/** GET /internal/guardians/:id (svc-auth): a guardian's own account, and the family they act for now. */
export const internalGuardianSchema = z.object({
  id,
  email: z.string(),
  familyId: id,
});
export type InternalGuardian = z.infer<typeof internalGuardianSchema>;

/** GET /internal/students/:id (svc-students): what other services may know of a student. */
export const internalStudentSchema = z.object({
  id,
  userId: id,
  firstName: z.string(),
  lastName: z.string(),
  subscriptionStatus: z.string(),
  /** Set only on students whose subscription svc-billing wrote there before it kept its own records. */
  legacyStripeSubscriptionId: z.string().optional(),
  /**
   * What svc-billing remembers the student's free month by, with the family's address: a hash of their name and date
   * of birth as they are now.
   */
  learnerKey: z.string().optional(),
});
export type InternalStudent = z.infer<typeof internalStudentSchema>;

/** POST /internal/student-logins/verify (svc-students): the student the credentials belong to. */
export const verifiedStudentSchema = internalStudentSchema
  .pick({ id: true, userId: true, firstName: true, lastName: true, subscriptionStatus: true })
  .extend({ loginVersion: z.number().int().min(0) });
export type VerifiedStudent = z.infer<typeof verifiedStudentSchema>;

const document = z.record(z.string(), z.unknown());

/** GET /internal/families/:parentId/export (svc-students): the family's students. */
export const studentsExportSchema = z.object({
  students: z.array(
    z.looseObject({
      id,
      firstName: z.string(),
      lastName: z.string(),
      login: z.object({ username: z.string() }).nullable(),
    }),
  ),
});

/** GET /internal/families/:parentId/export (svc-logbook): the family's log books. */
export const logbookExportSchema = z.object({
  studentIds: z.array(id),
  settings: z.array(document),
  supervisors: z.array(document),
  sessions: z.array(z.looseObject({ id, studentId: id })),
  chains: z.array(document),
  verificationCodes: z.array(document),
});

/** GET /internal/families/:parentId/sessions-csv (svc-logbook). */
export const sessionsCsvSchema = z.object({ csv: z.string() });

/** POST /internal/families/:parentId/state (svc-logbook): the state a new family chose when it registered. */
export const familyStateSchema = z.object({ value: z.enum(STATE_CODES) });

/** An answer whose status alone is read (204, 202). */
export const statusOnlySchema = z.unknown();

/* ---------- Events: the data each topic carries ---------- */

/** `student` (svc-students → svc-logbook, svc-billing): the profile as the log book shows and prints it. */
export const studentEventSchema = z.object({
  userId: id,
  firstName: z.string().max(200),
  lastName: z.string().max(200),
  dateOfBirth: z.string().max(20),
  licenseNumber: z.string().max(100).nullable(),
  permitDate: z.string().max(20).nullable().optional(),
  courses: z
    .array(z.object({ id: z.string().max(40), completedOn: z.string().max(20) }))
    .max(10)
    .optional(),
  openingBalance: z.object({ dayHours: hours, nightHours: hours, note: z.string().max(1000) }).nullable(),
  subscriptionStatus: status.optional(),
  /** For svc-billing, as GET /internal/students/:id says it: a name or birthday changed is remembered there too. */
  learnerKey: z.string().max(64).optional(),
});

/** `subscription` (svc-billing → svc-students, svc-logbook): the student's subscription status. */
export const subscriptionEventSchema = z.object({ userId: id, status });

/** `student-login` (svc-students → svc-auth): the login changed or went. */
export const studentLoginEventSchema = z.object({ loginVersion: z.number().int().min(0) });

/** Every topic and the data its events carry. */
export const EVENT_DATA = {
  student: studentEventSchema,
  subscription: subscriptionEventSchema,
  'student-login': studentLoginEventSchema,
} as const;
export type EventTopic = keyof typeof EVENT_DATA;
export type EventData<T extends EventTopic> = z.output<(typeof EVENT_DATA)[T]>;

const letters = (text: string) => text.normalize('NFC').replace(/[^\p{L}\p{M}]/gu, '');

/**
 * The learner as a supervisor's email and signing page name them: the first word of the first name and the last
 * name's initial, letters only, so no more of the family is told and nothing a family types can become a message or
 * a link in an email sent to an address it chose.
 */
export function learnerShortName(student: { firstName: string; lastName: string }): string {
  const first = letters(student.firstName.trim().split(/\s+/)[0] ?? '').slice(0, 24) || 'Your learner';
  const initial = letters(student.lastName).slice(0, 1).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
const learnerShortNameSchema = z.string().regex(/^(?:[\p{L}\p{M}]{1,24}|Your learner)(?: [\p{L}\p{M}]{1,2}\.)?$/u);

/**
 * POST /internal/sign-off-mail (svc-auth): svc-logbook's emails about a supervisor signing on their own phone, queued
 * like every other email. The request goes to the supervisor's address, with the link made from the token; the
 * decline goes to the parent.
 */
export const signOffMailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sign_off_request'),
    parentId: id,
    to: z.string().min(3).max(254),
    token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
    learner: learnerShortNameSchema,
    date: z.string().max(20),
    expiresAt: z.string().max(40),
  }),
  z.object({
    kind: z.literal('sign_off_declined'),
    parentId: id,
    learner: learnerShortNameSchema,
    supervisorName: z.string().min(1).max(200),
    date: z.string().max(20),
    reason: z.string().min(1).max(1000),
  }),
]);
export type SignOffMail = z.infer<typeof signOffMailSchema>;
