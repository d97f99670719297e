import {
  deviceTimeZone,
  latestSessionDateISO,
  durationMinutes,
  VALIDATION,
  sessionDateProblem,
  sessionFormProblems,
  vehicleProblems,
} from '@logbook/contracts/view';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';

export type SessionErrors = Partial<Record<SessionField, string>>;

/**
 * What a session's date is checked against: unless given, today in Adelaide or on the device, whichever is later (the
 * server allows the same, as the device's zone goes with the session), and the birth date when known.
 */
export interface SessionDateLimits {
  today?: string;
  dateOfBirth?: string | null;
  /** What the family's state's log book records on every drive, beyond what every state asks. */
  vehicleAsked?: VehicleAsked;
}

/** The vehicle details a state's log book records on every entry (Queensland's: both). */
export interface VehicleAsked {
  registration: boolean;
  odometer: boolean;
}

/** The distance the odometer readings say, in whole kilometres; null unless both are read and in order. */
export function odometerDistance(values: Pick<SessionValues, 'odometerStart' | 'odometerEnd'>): number | null {
  const start = values.odometerStart.trim();
  const end = values.odometerEnd.trim();
  const problems = sessionFormProblems(values);
  if (!start || !end || problems.odometerStart || problems.odometerEnd) return null;
  const distance = Number(end) - Number(start);
  return distance >= 0 ? distance : null;
}

/** Every problem with the form, one message per field, in the product's words. */
export function validateSession(values: SessionValues, limits: SessionDateLimits = {}): SessionErrors {
  const errors: SessionErrors = sessionFormProblems(values);
  if (!errors.date) {
    const today = limits.today ?? latestSessionDateISO(deviceTimeZone());
    const problem = sessionDateProblem(values.date, { today, dateOfBirth: limits.dateOfBirth });
    if (problem) errors.date = problem;
  }
  // Equal times would log a session of no length: the server rejects it, so say so beside End Time.
  if (!errors.startTime && !errors.endTime && durationMinutes(values.startTime, values.endTime) === 0) {
    errors.endTime = VALIDATION.sameStartAndEnd;
  }
  for (const [field, problem] of Object.entries(vehicleProblems(values, limits.vehicleAsked))) {
    errors[field as SessionField] ??= problem;
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
