import { calculateDuration, WHOLE_NUMBER_SESSION_FIELDS, type DrivingSessionInput } from '@logbook/contracts/view';
import type { Coordinates } from '@logbook/session-device/storedValues';
import { DRAFT_FIELDS, type DraftField, type DraftValues } from '@logbook/session-device/drafts';

/** What a person types on the session form; every field is text ('' while empty). */
export type SessionValues = DraftValues;

export type SessionField = DraftField;

export function emptySessionValues(): SessionValues {
  return Object.fromEntries(DRAFT_FIELDS.map((field) => [field, ''])) as SessionValues;
}

/** Picks the form fields out of anything shaped like a session (a stored draft, an outbox payload). */
export { draftValuesFrom as sessionValuesFrom } from '@logbook/session-device/drafts';

/** The POST body: the session's fields, and its coordinates when the current-location button found them. */
export type SessionPayload = DrivingSessionInput & { coordinates?: Coordinates };

/** Who supervised, beyond the name and licence number the session carries: a saved supervisor, or one to remember. */
export type SupervisorChoice = Pick<
  DrivingSessionInput,
  | 'supervisorId'
  | 'supervisorIsInstructor'
  | 'rememberSupervisor'
  | 'supervisorLicenceState'
  | 'supervisorFullLicenceYear'
>;

/** The POST body, with the client id that makes a resend harmless. */
export function sessionPayload(
  values: SessionValues,
  studentId: number,
  clientId: string,
  coordinates?: Coordinates,
  supervisor: SupervisorChoice = {},
): SessionPayload {
  // Every field as typed, trimmed; one left empty (the weather on a form from before it was asked, a vehicle detail
  // not given) is not sent. A field kept as a whole number (an odometer reading) is sent as one.
  const typed = Object.fromEntries(
    DRAFT_FIELDS.flatMap((field) => {
      const text = values[field].trim();
      if (!text) return [];
      return [[field, WHOLE_NUMBER_SESSION_FIELDS.includes(field) ? Number(text) : text]];
    }),
  );
  const payload = {
    studentId,
    ...typed,
    duration: calculateDuration(values.startTime, values.endTime),
    clientId,
  } as SessionPayload;
  if (coordinates) payload.coordinates = { latitude: coordinates.latitude, longitude: coordinates.longitude };
  // What was said of the supervisor; nothing for what was not.
  for (const [key, value] of Object.entries(supervisor))
    if (value !== undefined) Object.assign(payload, { [key]: value });
  return payload;
}

/** A fresh client id; kept with the form, its draft and its outbox entry so a retry is the same session. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Very old browsers: a version-4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
