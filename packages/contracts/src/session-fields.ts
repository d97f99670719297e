import { z } from 'zod';
import { ROAD_CONDITIONS, TEXT_LIMITS, TIME_OF_DAY, TRAFFIC_CONDITIONS, WEATHER_CONDITIONS } from './constants';
import { COORDINATE_MESSAGES } from './coordinates';
import { isRealDate, isValidTime } from './dates';
import { VALIDATION } from './messages';
import { requiredText } from './text-fields';
import { visibleText } from './visible-text';
import { SESSION_FIELD_PLACES, type SessionFieldPlaces, type StoredAs } from './session-field-places';

export { fieldsWhere, type StoredAs } from './session-field-places';

/*
 * The driving session's fields, each written once: what the form and the API take, and (session-field-places.ts) how
 * it is kept, who sets it and where it goes. The schemas (schemas.ts), the log book's stored record, write path, list
 * answer, PDF and CSV, the signing page, the drafts and the session form read their field lists from here.
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

export interface SessionFieldSpec extends SessionFieldPlaces {
  /** On the session form, and so in its drafts: what the form requires of it. */
  form?: z.ZodType;
  /** What the API takes, where it differs from the form (or the form has no such field). */
  api?: z.ZodType;
}

export type SessionFieldRegistry = Record<string, SessionFieldSpec>;

const PLACES = SESSION_FIELD_PLACES;

/** Each field of `SESSION_FIELD_PLACES` with what the form and the API take of it. */
export const SESSION_FIELDS = {
  studentId: { ...PLACES.studentId, api: studentIdSchema },
  date: { ...PLACES.date, form: dateField(VALIDATION.dateRequired) },
  startTime: { ...PLACES.startTime, form: timeField(VALIDATION.startTimeRequired) },
  endTime: { ...PLACES.endTime, form: timeField(VALIDATION.endTimeRequired) },
  duration: {
    ...PLACES.duration,
    // Derived from the times on the form; the server checks that the one sent agrees with them.
    api: visibleText(
      z.string({ error: VALIDATION.durationRequired }).trim().min(1, VALIDATION.durationRequired).max(40),
    ),
  },
  startSuburb: {
    ...PLACES.startSuburb,
    form: requiredText(VALIDATION.startSuburbRequired, TEXT_LIMITS.suburb, VALIDATION.suburbTooLong),
  },
  endSuburb: {
    ...PLACES.endSuburb,
    form: requiredText(VALIDATION.endSuburbRequired, TEXT_LIMITS.suburb, VALIDATION.suburbTooLong),
  },
  timeOfDay: { ...PLACES.timeOfDay, form: timeOfDaySchema },
  trafficConditions: { ...PLACES.trafficConditions, form: trafficSchema },
  roadConditions: { ...PLACES.roadConditions, form: roadSchema },
  weatherConditions: {
    ...PLACES.weatherConditions,
    form: weatherSchema,
    // Older clients, the offline outbox and drafts saved before send none: stored as "not recorded".
    api: weatherSchema.nullable().optional(),
  },
  studentSignature: { ...PLACES.studentSignature, form: signatureField(VALIDATION.studentSignatureRequired) },
  supervisorName: { ...PLACES.supervisorName, form: supervisorNameSchema },
  supervisorLicenseNumber: { ...PLACES.supervisorLicenseNumber, form: supervisorLicenseSchema },
  supervisorSignature: {
    ...PLACES.supervisorSignature,
    form: signatureField(VALIDATION.supervisorSignatureRequired),
    // Absent when the supervisor is asked to sign on their own phone (the request's remoteSignOff).
    api: signatureField(VALIDATION.supervisorSignatureRequired).optional(),
  },
  supervisorIsInstructor: {
    ...PLACES.supervisorIsInstructor,
    api: z.boolean({ error: VALIDATION.invalidInput }).optional(),
  },
  coordinates: { ...PLACES.coordinates, api: coordinatesSchema.optional() },
  correctionOf: PLACES.correctionOf,
  vehicleRegistration: {
    ...PLACES.vehicleRegistration,
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
  },
  odometerStart: { ...PLACES.odometerStart, form: odometerText(), api: odometerSchema() },
  odometerEnd: { ...PLACES.odometerEnd, form: odometerText(), api: odometerSchema() },
  signedAt: PLACES.signedAt,
  signedRemotely: PLACES.signedRemotely,
  supervisorLicenceState: PLACES.supervisorLicenceState,
  supervisorFullLicenceYear: PLACES.supervisorFullLicenceYear,
  supervisorRuleNotMet: PLACES.supervisorRuleNotMet,
} as const satisfies SessionFieldRegistry & Record<keyof typeof SESSION_FIELD_PLACES, SessionFieldSpec>;

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

type Registry = typeof SESSION_FIELDS;

/** The listed fields kept as text, each a string: what a list entry shows, whether logged or still on the device. */
export type ListedTextFields = {
  [K in keyof Registry as Registry[K] extends { listed: true; stored: 'text' } ? K : never]: string;
};
