import { isNotAfter, isRealDate, isValidTime } from './dates';
import { VALIDATION } from './messages';
import { fieldsWhere, SESSION_FIELD_PLACES, type FormCheck, type SessionFormField } from './session-field-places';
import { hasHiddenCharacters, hasLetterOrDigit } from './visible-text';

// The session form's checks, as plain functions built from each field's description in the registry: the form screen
// draws and checks a drive with no validation library loaded, on a device that is offline. Each kind of field meets
// the checks of the schema session-fields.ts builds for it, in the same order, so a field reads the same first message
// the schema gives it (test/session-form-checks.test.ts holds the two to each other).

/** The registry, for the screens, which take the contracts through one shared module. */
export { SESSION_FIELD_PLACES };

/** A whole number as typed, of up to `digits` digits, or nothing. */
export const wholeNumberText = (digits: number) => new RegExp(`^(\\d{1,${digits}})?$`);

/** How the validation library names what it got in place of text: 'number', 'null', 'array', 'Date', 'NaN'... */
function receivedName(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'number' : String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') {
    const object = value as { constructor?: { name: string } };
    if (Object.getPrototypeOf(object) !== Object.prototype && 'constructor' in object && object.constructor) {
      return object.constructor.name;
    }
  }
  return typeof value;
}

/** Characters counted in Unicode code points, as the length limits count them: an emoji is one, not two. */
const characterCount = (text: string) => Array.from(text).length;

/** Text that is there once trimmed, else undefined. */
const filledIn = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A date or time: required (blank counts as missing), then real once trimmed. */
function dateOrTime(value: unknown, required: string, isValid: (text: string) => boolean, invalid: string) {
  const text = filledIn(value);
  return !text ? required : isValid(text) ? undefined : invalid;
}

/** Text that may be left out: absent, or text that `check` passes once trimmed. */
function optionalText(value: unknown, check: (text: string) => boolean, invalid: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return `Invalid input: expected string, received ${receivedName(value)}`;
  return check(value.trim()) ? undefined : invalid;
}

type Check<K extends FormCheck['kind']> = Extract<FormCheck, { kind: K }>;
type FieldProblem = (check: FormCheck, value: unknown) => string | undefined;

/** A value's first problem, by the kind of its field: the checks of the field's schema (session-fields.ts), in order. */
const PROBLEM_OF_KIND: { [K in FormCheck['kind']]: (check: Check<K>, value: unknown) => string | undefined } = {
  date: ({ required }, value) => dateOrTime(value, required, isRealDate, VALIDATION.dateInvalid),
  time: ({ required }, value) => dateOrTime(value, required, isValidTime, VALIDATION.timeInvalid),
  signature: ({ required }, value) => {
    if (typeof value !== 'string' || value.length < 1) return required;
    return value.startsWith('data:image/png;base64,') ? undefined : VALIDATION.signatureInvalid;
  },
  // Free text (text-fields.ts `requiredText`): not too long, every character visible, a letter or digit among them.
  text: ({ required, max, tooLong }, value) => {
    const text = filledIn(value);
    if (!text) return required;
    if (characterCount(text) > max) return tooLong;
    if (hasHiddenCharacters(text)) return VALIDATION.hiddenCharacters;
    return hasLetterOrDigit(text) ? undefined : required;
  },
  // Exactly as the form sends it.
  choice: ({ choices, required }, value) => (choices.includes(value as string) ? undefined : required),
  optionalText: ({ max, invalid }, value) => optionalText(value, (text) => characterCount(text) <= max, invalid),
  wholeNumber: ({ digits, invalid }, value) =>
    optionalText(value, (text) => wholeNumberText(digits).test(text), invalid),
};

/** The session form's fields, in the registry's order. */
export const SESSION_FORM_FIELDS = fieldsWhere(SESSION_FIELD_PLACES, 'form') as SessionFormField[];

/** How the form checks a field of it. */
export const formCheckOf = (field: SessionFormField): FormCheck => SESSION_FIELD_PLACES[field].form;

/** The session form's fields kept as whole numbers (the odometer readings): typed as text, sent as numbers. */
export const WHOLE_NUMBER_SESSION_FIELDS = SESSION_FORM_FIELDS.filter((f) => formCheckOf(f).kind === 'wholeNumber');

/**
 * Each field's problem on the session form, one message per field (none when the form will do): what the session's
 * form schema says of it. Anything but an object counts as a form with nothing filled in.
 */
export function sessionFormProblems(values: Record<string, unknown>): Partial<Record<SessionFormField, string>> {
  const filled: Record<string, unknown> =
    typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {};
  const problems: Partial<Record<SessionFormField, string>> = {};
  for (const field of SESSION_FORM_FIELDS) {
    const check = formCheckOf(field);
    const problem = (PROBLEM_OF_KIND[check.kind] as FieldProblem)(check, filled[field]);
    if (problem !== undefined) problems[field] = problem;
  }
  return problems;
}

/**
 * What is wrong with a session's date for this student, if anything: a drive cannot be dated after today, nor before
 * the student was born. Today is Adelaide's today, or the driver's own when it is later where they are: the form and
 * the server both pass `latestSessionDateISO(zone)`, the form with the device's zone, the server with the zone the
 * post named. A session kept offline and sent days later is dated in the past by then.
 */
export function sessionDateProblem(
  date: string,
  limits: { today: string; dateOfBirth?: string | null },
): string | undefined {
  if (!isRealDate(date)) return undefined; // the schema names that problem
  if (!isNotAfter(date, limits.today)) return VALIDATION.dateInFuture;
  const born = limits.dateOfBirth;
  if (born && isRealDate(born) && date < born) return VALIDATION.dateBeforeBirth;
  return undefined;
}

type VehicleField = 'vehicleRegistration' | 'odometerStart' | 'odometerEnd';

/**
 * What is wrong with an entry's car, field by field: the odometer's end below its start, and what the family's state's
 * log book records left out. The form says each beside its field; the server refuses an entry with the first. Readings
 * come as the form has them (text) or as the server does (numbers).
 */
export function vehicleProblems(
  entry: Partial<Record<VehicleField, string | number | null>>,
  asked: { registration: boolean; odometer: boolean } | undefined,
): Partial<Record<VehicleField, string>> {
  const given = (value: string | number | null | undefined) => String(value ?? '').trim();
  const start = given(entry.odometerStart);
  const end = given(entry.odometerEnd);
  const problems: Partial<Record<VehicleField, string>> = {};
  if (start && end && Number(end) < Number(start)) problems.odometerEnd = VALIDATION.odometerEndBeforeStart;
  if (asked?.registration && !given(entry.vehicleRegistration)) {
    problems.vehicleRegistration = VALIDATION.vehicleRegistrationRequired;
  }
  if (asked?.odometer && !start) problems.odometerStart = VALIDATION.odometerStartRequired;
  if (asked?.odometer && !end) problems.odometerEnd = VALIDATION.odometerEndRequired;
  return problems;
}
