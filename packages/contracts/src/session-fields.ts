import { z } from 'zod';
import { ROAD_CONDITIONS, TEXT_LIMITS, TIME_OF_DAY, TRAFFIC_CONDITIONS, WEATHER_CONDITIONS } from './constants';
import { COORDINATE_MESSAGES } from './coordinates';
import { isRealDate, isValidTime } from './dates';
import { VALIDATION } from './messages';
import { requiredText } from './text-fields';
import { visibleText } from './visible-text';

/*
 * The driving session's fields, each written once: what the form and the API take, how it is kept and answered, and
 * where it goes. The schemas (schemas.ts), the log book's stored record, list answer, PDF and CSV, the drafts and the
 * session form read their field lists from here.
 */

const dateField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isRealDate, VALIDATION.dateInvalid);
const timeField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isValidTime, VALIDATION.timeInvalid);
const signatureField = (required: string) =>
  z.string({ error: required }).min(1, required).startsWith('data:image/png;base64,', VALIDATION.signatureInvalid);

export const studentIdSchema = z.union(
  [
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .transform(Number),
  ],
  { error: VALIDATION.studentIdRequired },
);

export const timeOfDaySchema = z.enum(TIME_OF_DAY, { error: VALIDATION.timeOfDayRequired });
export const trafficSchema = z.enum(TRAFFIC_CONDITIONS, { error: VALIDATION.trafficRequired });
export const roadSchema = z.enum(ROAD_CONDITIONS, { error: VALIDATION.roadRequired });
export const weatherSchema = z.enum(WEATHER_CONDITIONS, { error: VALIDATION.weatherRequired });

/** A supervising driver's name and licence number: the same limits and words on the session form and in the saved list. */
export const supervisorNameSchema = requiredText(
  VALIDATION.supervisorNameRequired,
  TEXT_LIMITS.name,
  VALIDATION.nameTooLong,
);
export const supervisorLicenseSchema = requiredText(
  VALIDATION.supervisorLicenseRequired,
  TEXT_LIMITS.license,
  VALIDATION.licenseTooLong,
);

/** Latitude and longitude in degrees (finite numbers in range; text, objects and NaN are refused). */
export const coordinatesSchema = z.object(
  {
    latitude: z
      .number({ error: COORDINATE_MESSAGES.latitudeInvalid })
      .min(-90, COORDINATE_MESSAGES.latitudeInvalid)
      .max(90, COORDINATE_MESSAGES.latitudeInvalid),
    longitude: z
      .number({ error: COORDINATE_MESSAGES.longitudeInvalid })
      .min(-180, COORDINATE_MESSAGES.longitudeInvalid)
      .max(180, COORDINATE_MESSAGES.longitudeInvalid),
  },
  { error: COORDINATE_MESSAGES.coordinatesInvalid },
);

/**
 * How a field is kept and answered: `text` always there; `signature` answered only when asked for; `id` a number
 * always there; `optionalText` and `optionalInteger` null when not recorded; `flag` false when not said.
 */
export type StoredAs = 'text' | 'signature' | 'id' | 'optionalText' | 'optionalInteger' | 'flag' | 'coordinates';

/** What the API answers for a field kept as each kind (optional: a list kept on the device from before still reads). */
export const ANSWERED_AS = {
  text: () => z.string(),
  signature: () => z.string().optional(),
  id: () => z.number().int(),
  optionalText: () => z.string().nullable().optional(),
  optionalInteger: () => z.number().int().nullable().optional(),
  flag: () => z.boolean().optional(),
  coordinates: () => coordinatesSchema.optional(),
} satisfies Record<StoredAs, () => z.ZodType>;

export interface SessionFieldSpec {
  /** The field's name in the product's words (the PDF and the CSV's readers see it). */
  label: string;
  stored: StoredAs;
  /** On the session form, and so in its drafts: what the form requires of it. */
  form?: z.ZodType;
  /** What the API takes, where it differs from the form (or the form has no such field). */
  api?: z.ZodType;
  /** In the session list and every answer about a session. */
  listed?: true;
  /** Read for the PDF: drawn in a `cell` of its own in the sessions table, or said on a `line` beneath its row. */
  printed?: 'cell' | 'line';
  /** A column of the family's CSV of sessions. */
  exported?: true;
}

export type SessionFieldRegistry = Record<string, SessionFieldSpec>;

export const SESSION_FIELDS = {
  studentId: { label: 'Student', stored: 'id', api: studentIdSchema, listed: true, exported: true },
  date: { label: 'Date', stored: 'text', form: dateField(VALIDATION.dateRequired), ...everywhere() },
  startTime: { label: 'Start time', stored: 'text', form: timeField(VALIDATION.startTimeRequired), ...everywhere() },
  endTime: { label: 'End time', stored: 'text', form: timeField(VALIDATION.endTimeRequired), ...everywhere() },
  duration: {
    label: 'Duration',
    stored: 'text',
    // Derived from the times on the form; the server checks that the one sent agrees with them.
    api: visibleText(
      z.string({ error: VALIDATION.durationRequired }).trim().min(1, VALIDATION.durationRequired).max(40),
    ),
    ...everywhere(),
  },
  startSuburb: {
    label: 'Start suburb',
    stored: 'text',
    form: requiredText(VALIDATION.startSuburbRequired, TEXT_LIMITS.suburb, VALIDATION.suburbTooLong),
    ...everywhere(),
  },
  endSuburb: {
    label: 'End suburb',
    stored: 'text',
    form: requiredText(VALIDATION.endSuburbRequired, TEXT_LIMITS.suburb, VALIDATION.suburbTooLong),
    ...everywhere(),
  },
  timeOfDay: { label: 'Day or night', stored: 'text', form: timeOfDaySchema, ...everywhere() },
  trafficConditions: { label: 'Traffic', stored: 'text', form: trafficSchema, ...everywhere() },
  roadConditions: { label: 'Road', stored: 'text', form: roadSchema, ...everywhere() },
  weatherConditions: {
    label: 'Weather',
    stored: 'optionalText',
    form: weatherSchema,
    // Older clients, the offline outbox and drafts saved before send none: stored as "not recorded".
    api: weatherSchema.nullable().optional(),
    ...everywhere(),
  },
  studentSignature: {
    label: 'Student signature',
    stored: 'signature',
    form: signatureField(VALIDATION.studentSignatureRequired),
    printed: 'cell',
  },
  supervisorName: { label: 'Supervisor', stored: 'text', form: supervisorNameSchema, ...everywhere() },
  supervisorLicenseNumber: {
    label: 'Supervisor licence',
    stored: 'text',
    form: supervisorLicenseSchema,
    ...everywhere(),
  },
  supervisorSignature: {
    label: 'Supervisor signature',
    stored: 'signature',
    form: signatureField(VALIDATION.supervisorSignatureRequired),
    // Absent when the supervisor is asked to sign on their own phone (the request's remoteSignOff).
    api: signatureField(VALIDATION.supervisorSignatureRequired).optional(),
    printed: 'cell',
  },
  /** A licensed driving instructor supervised (a lesson, which some states count at a bonus rate). */
  supervisorIsInstructor: {
    label: 'Driving instructor',
    stored: 'flag',
    api: z.boolean({ error: VALIDATION.invalidInput }).optional(),
    ...everywhere(),
  },
  /** Where the location button found the car; the server keeps it rounded to about 100 m. */
  coordinates: { label: 'Position', stored: 'coordinates', api: coordinatesSchema.optional(), listed: true },
  /** The entry a correction replaces (set by the server). */
  correctionOf: { label: 'Corrects entry', stored: 'optionalInteger', listed: true, printed: 'cell' },
  /** The car's number plate: optional, asked for where the family's state's log book records it (Queensland). */
  vehicleRegistration: {
    label: 'Vehicle registration',
    stored: 'optionalText',
    // Optional on the form ('' or absent); the family's state may ask for it (the form checks that).
    form: z.string().trim().max(TEXT_LIMITS.vehicleRegistration, VALIDATION.vehicleRegistrationInvalid).optional(),
    api: visibleText(
      z
        .string({ error: VALIDATION.vehicleRegistrationInvalid })
        .trim()
        .toUpperCase()
        .max(TEXT_LIMITS.vehicleRegistration, VALIDATION.vehicleRegistrationInvalid),
    )
      .nullable()
      .optional(),
    ...everywhereBelowTheRow(),
  },
  /** The odometer at the start and at the end of the drive, in whole kilometres (the end never below the start). */
  odometerStart: {
    label: 'Odometer at start',
    stored: 'optionalInteger',
    form: odometerText(),
    api: odometerSchema(),
    ...everywhereBelowTheRow(),
  },
  odometerEnd: {
    label: 'Odometer at end',
    stored: 'optionalInteger',
    form: odometerText(),
    api: odometerSchema(),
    ...everywhereBelowTheRow(),
  },
  /** When the supervisor signed on their own phone (set by the server; absent when signed beside the learner). */
  signedAt: { label: 'Signed remotely', stored: 'optionalText', ...everywhereBelowTheRow() },
  signedRemotely: { label: 'Signed remotely', stored: 'flag', listed: true },
  /** The state that issued the supervisor's licence and the year of their full licence, as they confirmed them. */
  supervisorLicenceState: { label: "Supervisor's licence state", stored: 'optionalText', ...everywhereBelowTheRow() },
  supervisorFullLicenceYear: { label: 'Full licence since', stored: 'optionalInteger', ...everywhereBelowTheRow() },
  /** The supervisor had held a full licence for less time than the family's state asks when they signed. */
  supervisorRuleNotMet: { label: "Supervisor's licence held too briefly", stored: 'flag', listed: true },
} as const satisfies SessionFieldRegistry;

/** An odometer reading as typed on the form: whole kilometres, or nothing. */
function odometerText() {
  return z
    .string()
    .trim()
    .regex(/^(\d{1,7})?$/, VALIDATION.odometerInvalid)
    .optional();
}

/** An odometer reading in whole kilometres. */
function odometerSchema() {
  return z
    .number({ error: VALIDATION.odometerInvalid })
    .int(VALIDATION.odometerInvalid)
    .min(0, VALIDATION.odometerInvalid)
    .max(9_999_999, VALIDATION.odometerInvalid)
    .nullable()
    .optional();
}

/** Listed, printed and exported. */
function everywhere() {
  return { listed: true, printed: 'cell', exported: true } as const;
}

/** Listed and exported; printed on a line beneath the entry's row. */
function everywhereBelowTheRow() {
  return { listed: true, printed: 'line', exported: true } as const;
}

/**
 * What a session's hash seals, in this order. It is an input of every hash already recorded: a field is only ever
 * added at the end of `whenPresent` (sealed only when a session has it, so older sessions hash as they always have),
 * never moved nor taken out. `id` (the entry's number) comes first.
 */
export const SESSION_HASH = {
  always: [
    'studentId',
    'date',
    'startTime',
    'endTime',
    'duration',
    'startSuburb',
    'endSuburb',
    'timeOfDay',
    'trafficConditions',
    'roadConditions',
    'studentSignature',
    'supervisorName',
    'supervisorLicenseNumber',
    'supervisorSignature',
  ],
  whenPresent: [
    'coordinates',
    'weatherConditions',
    'supervisorIsInstructor',
    'correctionOf',
    'vehicleRegistration',
    'odometerStart',
    'odometerEnd',
    'signedAt',
    'signedRemotely',
    'supervisorLicenceState',
    'supervisorFullLicenceYear',
    'supervisorRuleNotMet',
  ],
} as const satisfies Record<'always' | 'whenPresent', ReadonlyArray<keyof typeof SESSION_FIELDS>>;

export type SessionFieldName = keyof typeof SESSION_FIELDS;

/** The names of the fields of `registry` that go to `place`, in the registry's order. */
export function fieldsWhere<R extends SessionFieldRegistry>(
  registry: R,
  place: 'form' | 'listed' | 'printed' | 'exported',
): Array<keyof R & string> {
  return Object.keys(registry).filter((name) => registry[name][place] !== undefined);
}

type Registry = typeof SESSION_FIELDS;

/** The listed fields kept as text, each a string: what a list entry shows, whether logged or still on the device. */
export type ListedTextFields = {
  [K in keyof Registry as Registry[K] extends { listed: true; stored: 'text' } ? K : never]: string;
};
