import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { COORDINATE_MESSAGES } from './coordinates';
import { isRealDate, isValidTime } from './dates';
import { VALIDATION } from './messages';
import { requiredText } from './text-fields';
import { visibleText } from './visible-text';
import { SESSION_FIELD_PLACES, type FormCheck, type SessionFieldPlaces, type StoredAs } from './session-field-places';
import { wholeNumberText } from './session-form-checks';

export { fieldsWhere, SESSION_HASH, type StoredAs } from './session-field-places';

/*
 * The driving session's fields (session-field-places.ts) with what the form and the API take of each, built from the
 * row's own description of its checks. The schemas (schemas.ts) and the log book's views of a session read them here.
 */

type Check<K extends FormCheck['kind']> = Extract<FormCheck, { kind: K }>;

/** The form's schema for each kind of field: the checks of session-form-checks.ts, in the same order. */
const FORM_SCHEMAS: { [K in FormCheck['kind']]: (check: Check<K>) => z.ZodType } = {
  date: ({ required }) =>
    z.string({ error: required }).trim().min(1, required).refine(isRealDate, VALIDATION.dateInvalid),
  time: ({ required }) =>
    z.string({ error: required }).trim().min(1, required).refine(isValidTime, VALIDATION.timeInvalid),
  signature: ({ required }) =>
    z.string({ error: required }).min(1, required).startsWith('data:image/png;base64,', VALIDATION.signatureInvalid),
  text: ({ required, max, tooLong }) => requiredText(required, max, tooLong),
  choice: ({ choices, required }) => z.enum(choices, { error: required }),
  optionalText: ({ max, invalid }) => z.string().trim().max(max, invalid).optional(),
  wholeNumber: ({ digits, invalid }) => z.string().trim().regex(wholeNumberText(digits), invalid).optional(),
};

/** The schema of a field of the form, by its kind. */
export type FormSchema<C> = C extends { kind: 'choice'; choices: infer V extends readonly string[] }
  ? z.ZodEnum<{ [K in V[number]]: K }>
  : C extends { kind: 'optionalText' | 'wholeNumber' }
    ? z.ZodOptional<z.ZodString>
    : z.ZodString;

/** What the session form requires of a field, from the row's description. */
export const formSchemaOf = <C extends FormCheck>(check: C) =>
  (FORM_SCHEMAS[check.kind] as (check: FormCheck) => z.ZodType)(check) as FormSchema<C>;

/** What the API takes of a form field, where its row says nothing else. */
export type ApiSchema<F> = F extends { api: infer T }
  ? T
  : F extends { form: { kind: 'wholeNumber' } }
    ? z.ZodOptional<z.ZodNullable<z.ZodNumber>>
    : F extends { form: infer C; storedWhenNotSent: null }
      ? z.ZodOptional<z.ZodNullable<FormSchema<C>>>
      : F extends { form: infer C }
        ? FormSchema<C>
        : never;

/**
 * What the API takes of a field: what its row names, else what the form takes, with a whole number sent as a number
 * and a field stored as "not recorded" when not sent accepted absent or null.
 */
export function apiSchemaOf(spec: SessionFieldSpec): z.ZodType | undefined {
  const { form } = spec;
  if (spec.api || !form) return spec.api;
  if (form.kind === 'wholeNumber') {
    const { digits, invalid } = form;
    return z
      .number({ error: invalid })
      .int(invalid)
      .min(0, invalid)
      .max(10 ** digits - 1, invalid)
      .nullable()
      .optional();
  }
  return spec.storedWhenNotSent === null ? formSchemaOf(form).nullable().optional() : formSchemaOf(form);
}

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

/** A supervising driver's name and licence number: the same limits and words on the session form and in the saved list. */
export const supervisorNameSchema = formSchemaOf(SESSION_FIELD_PLACES.supervisorName.form);
export const supervisorLicenseSchema = formSchemaOf(SESSION_FIELD_PLACES.supervisorLicenseNumber.form);

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
  /** What the API takes, where it differs from what the form takes (or the form has no such field). */
  api?: z.ZodType;
}

export type SessionFieldRegistry = Record<string, SessionFieldSpec>;

const PLACES = SESSION_FIELD_PLACES;

/** Each field of `SESSION_FIELD_PLACES`, with what the API takes where that is not derived from the form's checks. */
export const SESSION_FIELDS = {
  ...PLACES,
  studentId: { ...PLACES.studentId, api: studentIdSchema },
  duration: {
    ...PLACES.duration,
    // Derived from the times on the form; the server checks that the one sent agrees with them.
    api: visibleText(
      z.string({ error: VALIDATION.durationRequired }).trim().min(1, VALIDATION.durationRequired).max(40),
    ),
  },
  supervisorSignature: {
    ...PLACES.supervisorSignature,
    // Absent when the supervisor is asked to sign on their own phone (the request's remoteSignOff).
    api: formSchemaOf(PLACES.supervisorSignature.form).optional(),
  },
  supervisorIsInstructor: {
    ...PLACES.supervisorIsInstructor,
    api: z.boolean({ error: VALIDATION.invalidInput }).optional(),
  },
  coordinates: { ...PLACES.coordinates, api: coordinatesSchema.optional() },
  vehicleRegistration: {
    ...PLACES.vehicleRegistration,
    // Kept in capitals; null or absent when not given.
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
} as const satisfies SessionFieldRegistry & Record<keyof typeof SESSION_FIELD_PLACES, SessionFieldSpec>;

export type SessionFieldName = keyof typeof SESSION_FIELDS;

type Registry = typeof SESSION_FIELDS;

/** The listed fields kept as text, each a string: what a list entry shows, whether logged or still on the device. */
export type ListedTextFields = {
  [K in keyof Registry as Registry[K] extends { listed: true; stored: 'text' } ? K : never]: string;
};
