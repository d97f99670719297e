import { ROAD_LABELS, TIME_OF_DAY_LABELS, TRAFFIC_LABELS, WEATHER_LABELS } from './constants';

/*
 * The driving session's fields without their schemas: each field's name in the product's words, how it is kept, who
 * sets it and where it goes. Free of the validation library, so a page in the browser (the signing page) reads it for
 * little; session-fields.ts adds what the form and the API take.
 */

/**
 * How a field is kept and answered: `text` always there; `signature` answered only when asked for; `id` a number
 * always there; `optionalText` and `optionalInteger` null when not recorded; `flag` false when not said.
 */
export type StoredAs = 'text' | 'signature' | 'id' | 'optionalText' | 'optionalInteger' | 'flag' | 'coordinates';

export interface SessionFieldPlaces {
  /** The field's name in the product's words (the PDF and the CSV's readers see it). */
  label: string;
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

export const SESSION_FIELD_PLACES = {
  /** The student the caller may log for. */
  studentId: { label: 'Student', stored: 'id', setBy: 'server', listed: true, exported: true },
  date: { label: 'Date', stored: 'text', ...everywhere() },
  startTime: { label: 'Start time', stored: 'text', ...everywhere() },
  endTime: { label: 'End time', stored: 'text', ...everywhere() },
  /** Worked out from the times (the one sent must agree with it). */
  duration: { label: 'Duration', stored: 'text', setBy: 'server', ...everywhere() },
  startSuburb: { label: 'Start suburb', stored: 'text', ...everywhere() },
  endSuburb: { label: 'End suburb', stored: 'text', ...everywhere() },
  timeOfDay: { label: 'Day or night', stored: 'text', valueLabels: TIME_OF_DAY_LABELS, ...everywhere() },
  trafficConditions: { label: 'Traffic', stored: 'text', valueLabels: TRAFFIC_LABELS, ...everywhere() },
  roadConditions: { label: 'Road', stored: 'text', valueLabels: ROAD_LABELS, ...everywhere() },
  weatherConditions: {
    label: 'Weather',
    stored: 'optionalText',
    valueLabels: WEATHER_LABELS,
    storedWhenNotSent: null,
    ...everywhere(),
  },
  studentSignature: { label: 'Student signature', stored: 'signature', printed: 'cell' },
  supervisorName: { label: 'Supervisor', stored: 'text', ...everywhere() },
  supervisorLicenseNumber: { label: 'Supervisor licence', stored: 'text', ...everywhere() },
  supervisorSignature: { label: 'Supervisor signature', stored: 'signature', printed: 'cell' },
  /** A licensed driving instructor supervised (a lesson, which some states count at a bonus rate). */
  supervisorIsInstructor: { label: 'Driving instructor', stored: 'flag', ...everywhere() },
  /** Where the location button found the car; the server keeps it rounded to about 100 m. */
  coordinates: { label: 'Position', stored: 'coordinates', listed: true },
  /** The entry a correction replaces. */
  correctionOf: { label: 'Corrects entry', stored: 'optionalInteger', setBy: 'server', listed: true, printed: 'cell' },
  /** The car's number plate: optional, asked for where the family's state's log book records it (Queensland). */
  vehicleRegistration: {
    label: 'Vehicle registration',
    stored: 'optionalText',
    ...everywhereBelowTheRow(),
    signing: true,
  },
  /** The odometer at the start and at the end of the drive, in whole kilometres (the end never below the start). */
  odometerStart: { label: 'Odometer at start', stored: 'optionalInteger', ...everywhereBelowTheRow(), signing: true },
  odometerEnd: { label: 'Odometer at end', stored: 'optionalInteger', ...everywhereBelowTheRow(), signing: true },
  /** When the supervisor signed on their own phone (absent when signed beside the learner). */
  signedAt: { label: 'Signed remotely', stored: 'optionalText', setBy: 'server', ...everywhereBelowTheRow() },
  signedRemotely: { label: 'Signed remotely', stored: 'flag', setBy: 'server', listed: true },
  /** The state that issued the supervisor's licence and the year of their full licence, as they confirmed them. */
  supervisorLicenceState: {
    label: "Supervisor's licence state",
    stored: 'optionalText',
    setBy: 'server',
    ...everywhereBelowTheRow(),
  },
  supervisorFullLicenceYear: {
    label: 'Full licence since',
    stored: 'optionalInteger',
    setBy: 'server',
    ...everywhereBelowTheRow(),
  },
  /** The supervisor had held a full licence for less time than the family's state asks when they signed. */
  supervisorRuleNotMet: {
    label: "Supervisor's licence held too briefly",
    stored: 'flag',
    setBy: 'server',
    listed: true,
  },
} as const satisfies SessionFieldPlacesRegistry;

/** Listed, printed, exported, and shown to a supervisor signing on their phone. */
function everywhere() {
  return { listed: true, printed: 'cell', exported: true, signing: true } as const;
}

/** Listed and exported; printed on a line beneath the entry's row. */
function everywhereBelowTheRow() {
  return { listed: true, printed: 'line', exported: true } as const;
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

/** The fields shown to a supervisor signing on their own phone, in the registry's order. */
export const SIGNING_FIELDS = fieldsWhere(SESSION_FIELD_PLACES, 'signing') as SigningField[];
