import { deviceTimeZone, latestSessionDateISO } from '@logbook/contracts/dates';
import { durationMinutes } from '@logbook/contracts/duration';
import { VALIDATION } from '@logbook/contracts/messages';
import { fieldErrors, sessionDateProblem, sessionFieldsSchema } from '@logbook/contracts/schemas';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';

export type SessionErrors = Partial<Record<SessionField, string>>;

/**
 * What a session's date is checked against: unless given, today in Adelaide or on the device, whichever is later (the
 * server allows the same, as the device's zone goes with the session), and the birth date when known.
 */
export interface SessionDateLimits {
  today?: string;
  dateOfBirth?: string | null;
}

/** Every problem with the form, one message per field, in the product's words. */
export function validateSession(values: SessionValues, limits: SessionDateLimits = {}): SessionErrors {
  const parsed = sessionFieldsSchema.safeParse(values);
  const errors: SessionErrors = parsed.success ? {} : (fieldErrors(parsed.error) as SessionErrors);
  if (!errors.date) {
    const today = limits.today ?? latestSessionDateISO(deviceTimeZone());
    const problem = sessionDateProblem(values.date, { today, dateOfBirth: limits.dateOfBirth });
    if (problem) errors.date = problem;
  }
  // Equal times would log a session of no length: the server rejects it, so say so beside End Time.
  if (!errors.startTime && !errors.endTime && durationMinutes(values.startTime, values.endTime) === 0) {
    errors.endTime = VALIDATION.sameStartAndEnd;
  }
  return errors;
}

/** The message for one field after it changed (End Time also depends on Start Time). */
export function validateField(
  values: SessionValues,
  field: SessionField,
  limits: SessionDateLimits = {},
): string | undefined {
  return validateSession(values, limits)[field];
}
