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

/** A field's check: its first problem, or undefined when the value will do. */
type FieldCheck = (value: unknown) => string | undefined;

const PNG_DATA_URL = 'data:image/png;base64,';

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

/** The message for a value that is not text where optional text is asked for. */
const notText = (value: unknown) => `Invalid input: expected string, received ${receivedName(value)}`;

/** A date or time: required (blank counts as missing), then a real date or a time of day, once trimmed. */
const dateOrTime =
  (required: string, isValid: (text: string) => boolean, invalid: string): FieldCheck =>
  (value) => {
    if (typeof value !== 'string') return required;
    const text = value.trim();
    if (text.length < 1) return required;
    return isValid(text) ? undefined : invalid;
  };

/** A signature drawn on the form: a PNG image as a data URL. */
const signature =
  (required: string): FieldCheck =>
  (value) => {
    if (typeof value !== 'string' || value.length < 1) return required;
    return value.startsWith(PNG_DATA_URL) ? undefined : VALIDATION.signatureInvalid;
  };

/**
 * Required free text (text-fields.ts `requiredText`): present, not blank, not too long, every character visible, at
 * least one letter or digit.
 */
const requiredText =
  (required: string, max: number, tooLong: string): FieldCheck =>
  (value) => {
    if (typeof value !== 'string') return required;
    const text = value.trim();
    if (text.length < 1) return required;
    if (characterCount(text) > max) return tooLong;
    if (hasHiddenCharacters(text)) return VALIDATION.hiddenCharacters;
    return hasLetterOrDigit(text) ? undefined : required;
  };

/** One of a list of choices, exactly as the form sends it. */
const choice =
  (choices: readonly string[], required: string): FieldCheck =>
  (value) =>
    choices.includes(value as string) ? undefined : required;

/** Text that may be left out: absent, or text that passes `check` once trimmed. */
const optionalText =
  (check: (text: string) => string | undefined): FieldCheck =>
  (value) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return notText(value);
    return check(value.trim());
  };

type Check<K extends FormCheck['kind']> = Extract<FormCheck, { kind: K }>;

/** The check of each kind of field, from its description. */
const CHECK_OF_KIND: { [K in FormCheck['kind']]: (check: Check<K>) => FieldCheck } = {
  date: ({ required }) => dateOrTime(required, isRealDate, VALIDATION.dateInvalid),
  time: ({ required }) => dateOrTime(required, isValidTime, VALIDATION.timeInvalid),
  signature: ({ required }) => signature(required),
  text: ({ required, max, tooLong }) => requiredText(required, max, tooLong),
  choice: ({ choices, required }) => choice(choices, required),
  optionalText: ({ max, invalid }) => optionalText((text) => (characterCount(text) > max ? invalid : undefined)),
  wholeNumber: ({ digits, invalid }) =>
    optionalText((text) => (wholeNumberText(digits).test(text) ? undefined : invalid)),
};

/** The session form's fields, in the registry's order. */
export const SESSION_FORM_FIELDS = fieldsWhere(SESSION_FIELD_PLACES, 'form') as SessionFormField[];

/** How the form checks a field of it. */
export const formCheckOf = (field: SessionFormField): FormCheck => SESSION_FIELD_PLACES[field].form;

/** The session form's fields kept as whole numbers (the odometer readings): typed as text, sent as numbers. */
export const WHOLE_NUMBER_SESSION_FIELDS = SESSION_FORM_FIELDS.filter((f) => formCheckOf(f).kind === 'wholeNumber');

const checkOf = (check: FormCheck) => (CHECK_OF_KIND[check.kind] as (check: FormCheck) => FieldCheck)(check);
const CHECKS = Object.fromEntries(SESSION_FORM_FIELDS.map((field) => [field, checkOf(formCheckOf(field))])) as Record<
  SessionFormField,
  FieldCheck
>;

/**
 * Each field's problem on the session form, one message per field (none when the form will do): what the session's
 * form schema says of it. Anything but an object counts as a form with nothing filled in.
 */
export function sessionFormProblems(values: Record<string, unknown>): Partial<Record<SessionFormField, string>> {
  const filled: Record<string, unknown> =
    typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {};
  const problems: Partial<Record<SessionFormField, string>> = {};
  for (const field of SESSION_FORM_FIELDS) {
    const problem = CHECKS[field](filled[field]);
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
