import type { Shape } from './answer-shape';
import {
  ROAD_CONDITIONS,
  ROAD_LABELS,
  TEXT_LIMITS,
  TIME_OF_DAY,
  TIME_OF_DAY_LABELS,
  TRAFFIC_CONDITIONS,
  TRAFFIC_LABELS,
  WEATHER_CONDITIONS,
  WEATHER_LABELS,
} from './constants';
import { VALIDATION } from './messages';

/*
 * The driving session's fields, each written once: its name in the product's words, how the form checks it, how it is
 * kept, who sets it and where it goes. Free of the validation library, so the browser checks the form and draws the
 * signing page with it for little; session-fields.ts builds the server's schemas from it.
 */

/**
 * How the session form checks a field, as plain data: the browser's checks (session-form-checks.ts) and the server's
 * schemas (session-fields.ts) are both built from it. `optionalText` and `wholeNumber` may be left blank.
 */
export type FormCheck =
  | { kind: 'date'; required: string }
  | { kind: 'time'; required: string }
  | { kind: 'signature'; required: string }
  | { kind: 'text'; required: string; max: number; tooLong: string }
  | { kind: 'choice'; choices: readonly [string, ...string[]]; required: string }
  | { kind: 'optionalText'; max: number; invalid: string }
  | { kind: 'wholeNumber'; digits: number; invalid: string };

/**
 * How a field is kept and answered: `text` always there; `signature` answered only when asked for; `id` a number
 * always there; `optionalText` and `optionalInteger` null when not recorded; `flag` false when not said.
 */
export type StoredAs = 'text' | 'signature' | 'id' | 'optionalText' | 'optionalInteger' | 'flag' | 'coordinates';

export interface SessionFieldPlaces {
  /** The field's name in the product's words (the PDF and the CSV's readers see it). */
  label: string;
  /** On the session form, and so in its drafts: how the form checks it. */
  form?: FormCheck;
  stored: StoredAs;
  /** Set by the log book itself when it stores an entry, never taken from what is sent. */
  setBy?: 'server';
  /** A choice's words for each of its values, where a reader sees them. */
  valueLabels?: Readonly<Record<string, string>>;
  /** How a field not sent is stored, where it is otherwise left out: null ("not recorded"). */
  storedWhenNotSent?: null;
  /** In the session list and every answer about a session. */
  listed?: true;
  /** Read for the PDF: drawn in a `cell` of its own in the sessions table, or said on a `line` beneath its row. */
  printed?: 'cell' | 'line';
  /** A column of the family's CSV of sessions. */
  exported?: true;
  /** Shown to a supervisor asked to sign the entry on their own phone. */
  signing?: true;
}

export type SessionFieldPlacesRegistry = Record<string, SessionFieldPlaces>;

const SUBURB = { max: TEXT_LIMITS.suburb, tooLong: VALIDATION.suburbTooLong } as const;
const NAME = { max: TEXT_LIMITS.name, tooLong: VALIDATION.nameTooLong } as const;
const LICENCE = { max: TEXT_LIMITS.license, tooLong: VALIDATION.licenseTooLong } as const;
/** An odometer reading: whole kilometres, up to seven digits. */
const ODOMETER = { kind: 'wholeNumber', digits: 7, invalid: VALIDATION.odometerInvalid } as const;

export const SESSION_FIELD_PLACES = {
  /** The student the caller may log for. */
  studentId: { label: 'Student', stored: 'id', setBy: 'server', listed: true, exported: true },
  date: typedText('Date', { kind: 'date', required: VALIDATION.dateRequired }),
  startTime: typedText('Start time', { kind: 'time', required: VALIDATION.startTimeRequired }),
  endTime: typedText('End time', { kind: 'time', required: VALIDATION.endTimeRequired }),
  /** Worked out from the times (the one sent must agree with it). */
  duration: { label: 'Duration', stored: 'text', setBy: 'server', ...everywhere() },
  startSuburb: typedText('Start suburb', { kind: 'text', required: VALIDATION.startSuburbRequired, ...SUBURB }),
  endSuburb: typedText('End suburb', { kind: 'text', required: VALIDATION.endSuburbRequired, ...SUBURB }),
  timeOfDay: {
    ...typedText('Day or night', { kind: 'choice', choices: TIME_OF_DAY, required: VALIDATION.timeOfDayRequired }),
    valueLabels: TIME_OF_DAY_LABELS,
  },
  trafficConditions: {
    ...typedText('Traffic', { kind: 'choice', choices: TRAFFIC_CONDITIONS, required: VALIDATION.trafficRequired }),
    valueLabels: TRAFFIC_LABELS,
  },
  roadConditions: {
    ...typedText('Road', { kind: 'choice', choices: ROAD_CONDITIONS, required: VALIDATION.roadRequired }),
    valueLabels: ROAD_LABELS,
  },
  weatherConditions: {
    label: 'Weather',
    stored: 'optionalText',
    form: { kind: 'choice', choices: WEATHER_CONDITIONS, required: VALIDATION.weatherRequired },
    valueLabels: WEATHER_LABELS,
    // Older clients, the offline outbox and drafts saved before send none: stored as "not recorded".
    storedWhenNotSent: null,
    ...everywhere(),
  },
  studentSignature: {
    label: 'Student signature',
    stored: 'signature',
    form: { kind: 'signature', required: VALIDATION.studentSignatureRequired },
    printed: 'cell',
  },
  supervisorName: typedText('Supervisor', { kind: 'text', required: VALIDATION.supervisorNameRequired, ...NAME }),
  supervisorLicenseNumber: typedText('Supervisor licence', {
    kind: 'text',
    required: VALIDATION.supervisorLicenseRequired,
    ...LICENCE,
  }),
  supervisorSignature: {
    label: 'Supervisor signature',
    stored: 'signature',
    form: { kind: 'signature', required: VALIDATION.supervisorSignatureRequired },
    printed: 'cell',
  },
  /** A licensed driving instructor supervised (a lesson, which some states count at a bonus rate). */
  supervisorIsInstructor: { label: 'Driving instructor', stored: 'flag', ...everywhere() },
  /** Where the location button found the car; the server keeps it rounded to about 100 m. */
  coordinates: { label: 'Position', stored: 'coordinates', listed: true },
  /** The entry a correction replaces. */
  correctionOf: { label: 'Corrects entry', stored: 'optionalInteger', setBy: 'server', listed: true, printed: 'cell' },
  /** The car's number plate: optional, asked for where the family's state's log book records it (Queensland). */
  vehicleRegistration: typedBelowTheRow('Vehicle registration', 'optionalText', {
    kind: 'optionalText',
    max: TEXT_LIMITS.vehicleRegistration,
    invalid: VALIDATION.vehicleRegistrationInvalid,
  }),
  /** The odometer at the start and at the end of the drive, in whole kilometres (the end never below the start). */
  odometerStart: typedBelowTheRow('Odometer at start', 'optionalInteger', ODOMETER),
  odometerEnd: typedBelowTheRow('Odometer at end', 'optionalInteger', ODOMETER),
  /** When the supervisor signed on their own phone (absent when signed beside the learner). */
  signedAt: setBelowTheRow('Signed remotely', 'optionalText'),
  signedRemotely: { label: 'Signed remotely', stored: 'flag', setBy: 'server', listed: true },
  /** The state that issued the supervisor's licence and the year of their full licence, as they confirmed them. */
  supervisorLicenceState: setBelowTheRow("Supervisor's licence state", 'optionalText'),
  supervisorFullLicenceYear: setBelowTheRow('Full licence since', 'optionalInteger'),
  /** The supervisor had held a full licence for less time than the family's state asks when they signed. */
  supervisorRuleNotMet: {
    label: "Supervisor's licence held too briefly",
    stored: 'flag',
    setBy: 'server',
    listed: true,
  },
  /**
   * The guardian who logged the entry (or the correction), by their account's email then; the entry keeps it when
   * the supervisor signs on their own phone. Absent on entries logged before, and on those a student logged.
   */
  loggedBy: setBelowTheRow('Logged by', 'optionalText'),
} as const satisfies SessionFieldPlacesRegistry;

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
    'loggedBy',
  ],
} as const satisfies Record<'always' | 'whenPresent', ReadonlyArray<keyof typeof SESSION_FIELD_PLACES>>;

/** Listed, printed, exported, and shown to a supervisor signing on their phone. */
function everywhere() {
  return { listed: true, printed: 'cell', exported: true, signing: true } as const;
}

/** A field typed on the session form, kept as text, and found everywhere a session goes. */
function typedText<const F extends FormCheck>(label: string, form: F) {
  return { label, stored: 'text', form, ...everywhere() } as const;
}

/** Listed and exported; printed on a line beneath the entry's row. */
function everywhereBelowTheRow() {
  return { listed: true, printed: 'line', exported: true } as const;
}

/** An optional field typed on the session form, shown to the supervisor signing, and printed beneath the row. */
function typedBelowTheRow<const S extends StoredAs, const F extends FormCheck>(label: string, stored: S, form: F) {
  return { label, stored, form, ...everywhereBelowTheRow(), signing: true } as const;
}

/** A field the log book sets when it stores an entry, printed beneath the row. */
function setBelowTheRow<const S extends StoredAs>(label: string, stored: S) {
  return { label, stored, setBy: 'server', ...everywhereBelowTheRow() } as const;
}

export type SessionFieldPlace = 'form' | 'listed' | 'printed' | 'exported' | 'signing';

/** The names of the fields of `registry` that go to `place`, in the registry's order. */
export function fieldsWhere<R extends Record<string, Partial<Record<SessionFieldPlace, unknown>>>>(
  registry: R,
  place: SessionFieldPlace,
): Array<keyof R & string> {
  return Object.keys(registry).filter((name) => registry[name][place] !== undefined);
}

type Places = typeof SESSION_FIELD_PLACES;

/** A field shown to a supervisor signing on their own phone. */
export type SigningField = { [K in keyof Places]: Places[K] extends { signing: true } ? K : never }[keyof Places];

/** A field a person fills in on the session form. */
export type SessionFormField = { [K in keyof Places]: Places[K] extends { form: FormCheck } ? K : never }[keyof Places];

/** The fields shown to a supervisor signing on their own phone, in the registry's order. */
export const SIGNING_FIELDS = fieldsWhere(SESSION_FIELD_PLACES, 'signing') as SigningField[];

/*
 * The registry's part of the answers the screens read, as shapes (answer-shape.ts), so answers.ts takes it from here
 * instead of listing the fields again. test/answers.test.ts holds each answer's shape to its zod schema.
 */

/** How an answer about a session carries a field kept as each kind (`ANSWERED_AS` in session-fields.ts). */
const ANSWERED_SHAPES = {
  text: 'string',
  signature: { optional: 'string' },
  id: 'int',
  optionalText: { optional: { nullable: 'string' } },
  optionalInteger: { optional: { nullable: 'int' } },
  flag: { optional: 'boolean' },
  coordinates: { optional: { object: { latitude: { range: [-90, 90] }, longitude: { range: [-180, 180] } } } },
} as const satisfies Record<StoredAs, Shape>;

/** How the signing page shows a field kept as each kind: always there (`SHOWN_AS` in sign-off.ts). */
const SHOWN_SHAPES: Partial<Record<StoredAs, Shape>> = {
  text: 'string',
  id: 'int',
  optionalText: { nullable: 'string' },
  optionalInteger: { nullable: 'int' },
  flag: 'boolean',
};

const shapesOf = (fields: string[], shapes: Partial<Record<StoredAs, Shape>>): Record<string, Shape> =>
  Object.fromEntries(
    fields.map((name) => [name, shapes[(SESSION_FIELD_PLACES as SessionFieldPlacesRegistry)[name].stored] as Shape]),
  );

/** An answer about a session: each listed field, and the signatures (there when asked for). */
export const ANSWERED_FIELD_SHAPES = shapesOf(
  Object.keys(SESSION_FIELD_PLACES).filter((name) => {
    const field = (SESSION_FIELD_PLACES as SessionFieldPlacesRegistry)[name];
    return field.listed || field.stored === 'signature';
  }),
  ANSWERED_SHAPES,
);

/** The entry a supervisor signing on their own phone is shown. */
export const SIGNING_FIELD_SHAPES = shapesOf(SIGNING_FIELDS, SHOWN_SHAPES);
