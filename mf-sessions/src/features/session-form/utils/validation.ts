import { deviceTimeZone, latestSessionDateISO, durationMinutes, VALIDATION } from '@logbook/contracts/view';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';

export type SessionErrors = Partial<Record<SessionField, string>>;

type SessionChecks = typeof import('./sessionChecks');

let checks: SessionChecks | undefined;
let loading: Promise<SessionChecks> | undefined;

/**
 * The checks built on the session's schemas, fetched once: the form asks for them as soon as it is drawn, so they are
 * on the device (and in the service worker's cache) before anyone submits. A failed fetch is tried again next time.
 */
export function loadSessionChecks(): Promise<SessionChecks> {
  loading ??= import('./sessionChecks').then(
    (module) => (checks = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

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

/** The odometer readings' own problems: asked for by the state, or the end below the start. */
function vehicleProblems(values: SessionValues, asked: VehicleAsked | undefined, errors: SessionErrors) {
  if (asked?.registration && !errors.vehicleRegistration && !values.vehicleRegistration.trim()) {
    errors.vehicleRegistration = VALIDATION.vehicleRegistrationRequired;
  }
  const start = values.odometerStart.trim();
  const end = values.odometerEnd.trim();
  if (asked?.odometer && !errors.odometerStart && !start) errors.odometerStart = VALIDATION.odometerStartRequired;
  if (asked?.odometer && !errors.odometerEnd && !end) errors.odometerEnd = VALIDATION.odometerEndRequired;
  if (!errors.odometerStart && !errors.odometerEnd && start && end && Number(end) < Number(start)) {
    errors.odometerEnd = VALIDATION.odometerEndBeforeStart;
  }
}

/** The distance the odometer readings say, in whole kilometres; null unless both are read and in order. */
export function odometerDistance(values: Pick<SessionValues, 'odometerStart' | 'odometerEnd'>): number | null {
  const start = values.odometerStart.trim();
  const end = values.odometerEnd.trim();
  if (!/^\d{1,7}$/.test(start) || !/^\d{1,7}$/.test(end)) return null;
  const distance = Number(end) - Number(start);
  return distance >= 0 ? distance : null;
}

/** Every problem with the form, one message per field, in the product's words (the checks fetched first). */
export async function validateSession(values: SessionValues, limits: SessionDateLimits = {}): Promise<SessionErrors> {
  return problemsWith(await loadSessionChecks(), values, limits);
}

function problemsWith(loaded: SessionChecks, values: SessionValues, limits: SessionDateLimits): SessionErrors {
  const errors: SessionErrors = loaded.fieldProblems(values);
  if (!errors.date) {
    const today = limits.today ?? latestSessionDateISO(deviceTimeZone());
    const problem = loaded.sessionDateProblem(values.date, { today, dateOfBirth: limits.dateOfBirth });
    if (problem) errors.date = problem;
  }
  // Equal times would log a session of no length: the server rejects it, so say so beside End Time.
  if (!errors.startTime && !errors.endTime && durationMinutes(values.startTime, values.endTime) === 0) {
    errors.endTime = VALIDATION.sameStartAndEnd;
  }
  vehicleProblems(values, limits.vehicleAsked, errors);
  return errors;
}

/**
 * The message for one field after it changed (End Time also depends on Start Time); none while the checks are still
 * on their way (every field is checked again on submit).
 */
export function validateField(
  values: SessionValues,
  field: SessionField,
  limits: SessionDateLimits = {},
): string | undefined {
  return checks ? problemsWith(checks, values, limits)[field] : undefined;
}
