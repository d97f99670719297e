import { z } from 'zod';
import {
  MAX_TARGET_HOURS,
  MIN_TARGET_HOURS,
  PASSWORD_MIN,
  SETTING_KEYS,
  SESSION_STATUSES,
  TEXT_LIMITS,
  TIME_OF_DAY,
} from './constants';
import { BILLING_ERRORS } from './billing';
import { isNotAfter, isRealDate, localDateISO } from './dates';
import { VALIDATION } from './messages';
import {
  ANSWERED_AS,
  SESSION_FIELDS,
  apiSchemaOf,
  formSchemaOf,
  studentIdSchema,
  supervisorLicenseSchema,
  supervisorNameSchema,
  type ApiSchema,
  type FormSchema,
  type SessionFieldRegistry,
  type SessionFieldSpec,
  type StoredAs,
} from './session-fields';
import { STATE_CODES } from './state-codes';
import { optionalText, requiredText } from './text-fields';
import { hasHiddenCharacters, visibleText } from './visible-text';

export { hasHiddenCharacters };

export const emailSchema = z
  .string({ error: VALIDATION.invalidEmail })
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.email, VALIDATION.invalidEmail)
  .pipe(z.email({ error: VALIDATION.invalidEmail }));

// ---- Accounts ----
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, VALIDATION.passwordRequired)
    .max(TEXT_LIMITS.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: VALIDATION.passwordMin })
    .min(6, VALIDATION.passwordMin)
    .max(TEXT_LIMITS.password, VALIDATION.passwordTooLong),
});

/** The registration screen: the confirmation is checked here and never sent. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string({ error: VALIDATION.confirmPassword }).min(6, VALIDATION.confirmPassword) })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const userSchema = z.object({ id: z.number().int(), email: z.string() });
export type PublicUser = z.infer<typeof userSchema>;

/** Student credentials: both required and non-blank after trimming. */
export const studentCredentialsSchema = z
  .object({
    studentUsername: z.string({ error: VALIDATION.bothUsernameAndPassword }).trim(),
    studentPassword: z.string({ error: VALIDATION.bothUsernameAndPassword }),
  })
  .refine((v) => v.studentUsername.length > 0 && v.studentPassword.trim().length > 0, {
    message: VALIDATION.bothUsernameAndPassword,
  })
  .refine((v) => v.studentUsername.length <= TEXT_LIMITS.username, {
    message: VALIDATION.usernameTooLong,
    path: ['studentUsername'],
  })
  .refine((v) => v.studentPassword.length <= TEXT_LIMITS.password, {
    message: VALIDATION.passwordTooLong,
    path: ['studentPassword'],
  });
export type StudentCredentials = z.infer<typeof studentCredentialsSchema>;

/**
 * A new or changed student login: the sign-in rules, plus a visible username (one with a hidden character looks like
 * another name, or like none, on the parent's card and in the PDF) and a password of at least 8 characters.
 */
export const studentLoginSchema = studentCredentialsSchema
  .refine((v) => !hasHiddenCharacters(v.studentUsername), {
    message: VALIDATION.hiddenCharacters,
    path: ['studentUsername'],
  })
  .refine((v) => v.studentPassword.length >= PASSWORD_MIN.student, {
    message: VALIDATION.studentPasswordMin,
    path: ['studentPassword'],
  });

// ---- Students ----
export const dateOfBirthSchema = z
  .string({ error: VALIDATION.dateOfBirthRequired })
  .trim()
  .min(1, VALIDATION.dateOfBirthRequired)
  .refine(isRealDate, VALIDATION.dateOfBirthInvalid)
  .refine((v) => isNotAfter(v, localDateISO()), VALIDATION.dateOfBirthFuture);

export const studentInputSchema = z.object({
  firstName: requiredText(VALIDATION.firstNameRequired, TEXT_LIMITS.name, VALIDATION.nameTooLong),
  lastName: requiredText(VALIDATION.lastNameRequired, TEXT_LIMITS.name, VALIDATION.nameTooLong),
  dateOfBirth: dateOfBirthSchema,
  licenseNumber: optionalText(TEXT_LIMITS.license, VALIDATION.licenseTooLong),
  /** The day the learner's permit was issued: the time on the permit counts from it. Empty: not known yet. */
  permitDate: z
    .string({ error: VALIDATION.permitDateInvalid })
    .trim()
    .refine((v) => v === '' || (isRealDate(v) && isNotAfter(v, localDateISO())), VALIDATION.permitDateInvalid)
    .optional(),
});
export type StudentData = z.output<typeof studentInputSchema>;

export const studentSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  licenseNumber: z.string().optional().nullable(),
  permitDate: z.string().optional().nullable(),
  courses: z.array(z.object({ id: z.string(), completedOn: z.string() })).optional(),
  subscriptionStatus: z.string(),
  hasStudentLogin: z.boolean(),
  studentUsername: z.string().optional().nullable(),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

/** What the student sign-in and student-auth calls answer with. */
export const studentAuthSchema = z.object({
  student: studentSchema.pick({ id: true, firstName: true, lastName: true, subscriptionStatus: true }),
});
export type StudentAuth = z.infer<typeof studentAuthSchema>['student'];

// ---- Driving sessions ----
export { coordinatesSchema, studentIdSchema } from './session-fields';

type FormShape<R> = {
  -readonly [K in keyof R as R[K] extends { form: object } ? K : never]: R[K] extends { form: infer C }
    ? FormSchema<C>
    : never;
};
type ApiShape<R> = {
  -readonly [K in keyof R as R[K] extends { api: z.ZodType } | { form: object } ? K : never]: ApiSchema<R[K]>;
};
type AnswerShape<R> = {
  -readonly [K in keyof R as R[K] extends { listed: true } | { stored: 'signature' } ? K : never]: R[K] extends {
    stored: infer S extends StoredAs;
  }
    ? ReturnType<(typeof ANSWERED_AS)[S]>
    : never;
};

/** The year a supervisor got a full (unrestricted) licence, from 1940 to this year: states ask for some years of it. */
export const fullLicenceYearSchema = z
  .number({ error: VALIDATION.fullLicenceYearInvalid })
  .int(VALIDATION.fullLicenceYearInvalid)
  .min(1940, VALIDATION.fullLicenceYearInvalid)
  .refine((y) => y <= Number(localDateISO().slice(0, 4)), VALIDATION.fullLicenceYearInvalid);

/** The state or territory that issued a supervisor's licence. */
const licenceStateSchema = z.enum(STATE_CODES, { error: VALIDATION.invalidInput });

/** What a session request carries beside the session's own fields. */
const SESSION_REQUEST_EXTRAS = {
  clientId: z.uuid({ error: VALIDATION.clientIdInvalid }).optional(),
  /**
   * The IANA time zone of the device when the session was submitted or queued ('Pacific/Auckland'), so a drive on the
   * driver's own today is not refused while Adelaide is still on the day before. Only the date check reads it: it is
   * never stored nor sealed into the session. A zone that is not known, or not text, counts as not given.
   */
  timeZone: z.string().max(64).optional().catch(undefined),
  /** A saved supervisor of the family picked on the form; the session keeps its own copy of the name and licence. */
  supervisorId: z.number({ error: VALIDATION.invalidInput }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Save the supervisor for next time unless the family already has one with this name and licence number. */
  rememberSupervisor: z.boolean({ error: VALIDATION.invalidInput }).optional(),
  /** For someone else: their licence's state and the year of their full licence, kept with them as a saved one's. */
  supervisorLicenceState: licenceStateSchema.optional(),
  supervisorFullLicenceYear: fullLicenceYearSchema.optional(),
  /**
   * In place of the supervisor's signature: the supervisor is emailed a link to sign the entry on their own phone.
   * The entry counts once they sign.
   */
  remoteSignOff: z.object({ supervisorEmail: emailSchema }, { error: VALIDATION.invalidInput }).optional(),
};

/** An entry's signature asked of the supervisor on their own phone: awaiting it, signed, declined or cancelled. */
export const SIGN_OFF_STATUSES = ['awaiting', 'signed', 'declined', 'cancelled'] as const;
export const signOffStateSchema = z.object({
  status: z.enum(SIGN_OFF_STATUSES),
  signedAt: z.string().optional(),
  remote: z.literal(true),
  /** Only to the family: where the link went, and why the supervisor declined. */
  supervisorEmail: z.string().optional(),
  declineReason: z.string().optional(),
});
export type SignOffState = z.infer<typeof signOffStateSchema>;

/** What an answer about a session carries beside the session's own fields: its record in the log book. */
const SESSION_RECORD_ANSWER = {
  clientId: z.string(),
  /** SHA-256 over the session and the hash before it; absent only on a session not yet sealed into the chain. */
  hash: z.string().optional(),
  createdAt: z.string(),
  /** 'in_force' counts; 'superseded' (put right by a correction) and 'removed' are kept, struck through. */
  status: z.enum(SESSION_STATUSES).optional(),
  /** The correction that replaced this entry. */
  supersededBy: z.number().int().nullable().optional(),
  /** Why the entry was corrected or removed, and when. */
  changeReason: z.string().nullable().optional(),
  changedAt: z.string().nullable().optional(),
  /** Only on entries whose supervisor was asked to sign on their own phone. */
  signOff: signOffStateSchema.optional(),
};

/**
 * The session's three schemas, built from a field registry: the form's fields, what the API takes, what it answers.
 * The form's fields lead the API's, so a request missing several is told about the form's first.
 */
export function sessionSchemasOf<R extends SessionFieldRegistry>(registry: R) {
  const shape = (pick: (spec: SessionFieldSpec) => z.ZodType | undefined) =>
    Object.fromEntries(
      Object.entries(registry).flatMap(([name, spec]) => {
        const type = pick(spec);
        return type ? [[name, type] as const] : [];
      }),
    );
  return {
    fields: z.object(shape((s) => s.form && formSchemaOf(s.form)) as FormShape<R>),
    input: z.object({
      ...(shape((s) => (s.form ? apiSchemaOf(s) : undefined)) as object),
      ...(shape((s) => (s.form ? undefined : s.api)) as object),
      ...SESSION_REQUEST_EXTRAS,
    } as ApiShape<R> & typeof SESSION_REQUEST_EXTRAS),
    answer: z.object({
      id: z.number().int(),
      ...(shape((s) => (s.listed || s.stored === 'signature' ? ANSWERED_AS[s.stored]() : undefined)) as AnswerShape<R>),
      ...SESSION_RECORD_ANSWER,
    }),
  };
}

const sessionSchemas = sessionSchemasOf(SESSION_FIELDS);

/** The fields a person fills in on the session form (the duration is derived). */
export const sessionFieldsSchema = sessionSchemas.fields;
export type SessionFields = z.infer<typeof sessionFieldsSchema>;

export { sessionDateProblem } from './session-form-checks';

/** POST /api/driving-sessions: every field of a session, plus an optional clientId that makes the call idempotent. */
// Whether the supervisor signed here or is asked by email (one of the two) is the service's check: the form always
// sends the signature.
export const drivingSessionInputSchema = sessionSchemas.input;
export type DrivingSessionInput = z.input<typeof drivingSessionInputSchema>;
export type DrivingSessionData = z.output<typeof drivingSessionInputSchema>;

/** A driving session as the API answers it (`id`, never `_id`; signatures only when asked for). */
export const drivingSessionSchema = sessionSchemas.answer;
export type DrivingSession = z.infer<typeof drivingSessionSchema>;

/**
 * Why an entry is corrected or removed: said in the family's own words, printed beside the struck entry. Typed in a
 * text area, so line breaks are kept.
 */
export const changeReasonSchema = visibleText(
  z
    .string({ error: VALIDATION.changeReasonRequired })
    .trim()
    .min(1, VALIDATION.changeReasonRequired)
    .max(TEXT_LIMITS.changeReason, VALIDATION.changeReasonTooLong),
  { lineBreaks: true },
);

/** POST /api/driving-sessions/:id/correction: the whole corrected session, signed again, and the reason. */
export const sessionCorrectionInputSchema = drivingSessionInputSchema.extend({ reason: changeReasonSchema });

/** POST /api/driving-sessions/:id/removal. */
export const sessionRemovalInputSchema = z.object({ reason: changeReasonSchema });

// ---- Saved supervisors ----
/** POST and PUT /api/supervisors: never a signature, which is drawn again on every session. */
export const supervisorInputSchema = z.object({
  name: supervisorNameSchema,
  licenseNumber: supervisorLicenseSchema,
  isInstructor: z.boolean({ error: VALIDATION.invalidInput }).optional().default(false),
  /** The state or territory that issued the supervisor's licence. */
  licenceState: licenceStateSchema.optional(),
  fullLicenceYear: fullLicenceYearSchema.optional(),
  /** Where the supervisor is asked to sign an entry on their own phone; '' forgets it. */
  email: emailSchema.or(z.literal('')).optional(),
});
export type SupervisorInput = z.input<typeof supervisorInputSchema>;

export const supervisorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  licenseNumber: z.string(),
  isInstructor: z.boolean(),
  licenceState: z.string().nullable().optional(),
  fullLicenceYear: z.number().int().nullable().optional(),
  email: z.string().nullable().optional(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Supervisor = z.infer<typeof supervisorSchema>;

/** GET /api/supervisors: most recently used first (never used: newest first). */
export const supervisorListSchema = z.object({ supervisors: z.array(supervisorSchema) });
export type SupervisorList = z.infer<typeof supervisorListSchema>;

// ---- Saved vehicles ----
/** A car the family logged a drive in, with the odometer at the end of its latest drive that said one. */
export const vehicleSchema = z.object({
  registration: z.string(),
  lastOdometer: z.number().int().nullable(),
  lastUsedAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/**
 * GET /api/vehicles: most recently used first; and what the family's state's log book records about the vehicle on
 * every drive, under the rule in force today.
 */
export const vehicleListSchema = z.object({
  recorded: z.object({ registration: z.boolean(), odometer: z.boolean() }),
  /** The family's state (South Australia until chosen): the form keeps it to apply the rule without a connection. */
  state: z.enum(STATE_CODES).optional(),
  vehicles: z.array(vehicleSchema),
});
export type VehicleList = z.infer<typeof vehicleListSchema>;

export const sessionListQuerySchema = z.object({
  fromDate: z.string({ error: VALIDATION.fromDateInvalid }).refine(isRealDate, VALIDATION.fromDateInvalid).optional(),
  toDate: z.string({ error: VALIDATION.toDateInvalid }).refine(isRealDate, VALIDATION.toDateInvalid).optional(),
  timeOfDay: z.enum(TIME_OF_DAY, { error: VALIDATION.timeOfDayInvalid }).optional(),
  /** 'history' adds the superseded and removed entries to those in force. */
  include: z.enum(['signatures', 'history'], { error: VALIDATION.invalidInput }).optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

/** GET /api/driving-sessions/:studentId/insights: the day the pace is counted to (absent: today in Adelaide). */
export const insightsQuerySchema = z.object({
  today: z.string({ error: VALIDATION.todayInvalid }).refine(isRealDate, VALIDATION.todayInvalid).optional(),
});

// ---- Settings ----
export const settingKeySchema = z.enum(SETTING_KEYS, { error: VALIDATION.unknownSettingKey });

/** Target hours arrive as a number or numeric text; stored as text, like every setting's value. */
export const targetHoursSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ],
    { error: VALIDATION.targetHoursRange },
  )
  .refine((n) => Number.isInteger(n) && n >= MIN_TARGET_HOURS && n <= MAX_TARGET_HOURS, VALIDATION.targetHoursRange);

export const settingValueSchema = z.object({ value: targetHoursSchema });
/** PUT /api/settings/state: the family's state or territory, whose rules count instructor lessons. */
export const stateSettingValueSchema = z.object({ value: z.enum(STATE_CODES, { error: VALIDATION.stateInvalid }) });
export const settingInputSchema = z.object({ key: settingKeySchema, value: targetHoursSchema });
export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

/** The Administrator Settings form. */
export const settingsFormSchema = z.object({
  dayTimeTargetHours: targetHoursSchema,
  nightTimeTargetHours: targetHoursSchema,
});

// ---- Billing ----
/** What a coupon code may hold: no space, control or text-direction character can be part of one. */
const COUPON_CODE = /^[A-Z0-9_-]{3,32}$/;

export const couponInputSchema = z.object({
  code: z.string().trim().toUpperCase().regex(COUPON_CODE, VALIDATION.couponInvalid),
  discountPercent: z.number().int().min(0).max(100).default(0),
  isActive: z.boolean().default(true),
  maxUses: z.number().int().positive().optional(),
  expiresAt: z.coerce.date().optional(),
});
export type CouponInput = z.input<typeof couponInputSchema>;

export const createSubscriptionSchema = z.object({
  studentId: studentIdSchema,
  /** A code that could not be one gets the same answer as one that does not exist (or cannot be used). */
  couponCode: z
    .string({ error: BILLING_ERRORS.couponUnusable })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || COUPON_CODE.test(v), BILLING_ERRORS.couponUnusable)
    .optional()
    .transform((v) => v || undefined),
});
export const cancelSubscriptionSchema = z.object({ studentId: studentIdSchema });

/** POST /api/billing/simulate/confirm: the simulated provider's stand-in for the card form. */
export const simulatedConfirmInputSchema = z.object({
  clientSecret: z
    .string({ error: 'clientSecret is required' })
    .min(1, 'clientSecret is required')
    .max(200, 'clientSecret is not valid'),
});

/**
 * What the browser confirms with Stripe.js: a trial's card (`setup`, confirmSetup) or an invoice (`payment`,
 * confirmPayment); `none` when Stripe needs nothing more (a card already on file, or nothing to pay).
 */
export const createSubscriptionResponseSchema = z.object({
  subscriptionId: z.string(),
  clientSecret: z.string().nullable(),
  type: z.enum(['setup', 'payment', 'none']),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const billingConfigSchema = z.object({
  provider: z.enum(['stripe', 'simulated']),
  publishableKey: z.string().optional(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** First message of a zod error, for `{ message }` answers and toasts. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? VALIDATION.invalidInput;
}

/** Field → first message, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
