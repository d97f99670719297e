import type { z } from 'zod';
import type { SESSION_FIELDS } from './session-fields';

// Figures and field lists of the contracts that screens read as they draw, kept apart from the schemas built on them
// so a screen reads them without the validation library (test/limits.test.ts holds them to the schemas).

/** Hours a family logged on paper before they started using the app (issue 12, paper hours). */
export const MAX_OPENING_BALANCE_HOURS = 200;
export const MAX_OPENING_BALANCE_NOTE = 500;

type SessionFieldRegistry = typeof SESSION_FIELDS;

/** A field a person fills in on the session form: a field of the session's registry with a form schema. */
export type SessionFormField = {
  [K in keyof SessionFieldRegistry]: SessionFieldRegistry[K] extends { form: z.ZodType } ? K : never;
}[keyof SessionFieldRegistry];

/** The session form's fields kept as whole numbers (the odometer readings): typed as text, sent as numbers. */
export const WHOLE_NUMBER_SESSION_FIELDS: ReadonlyArray<SessionFormField> = ['odometerStart', 'odometerEnd'];

/** The session form's fields, in the order the session's field registry lists them. */
export const SESSION_FORM_FIELDS: ReadonlyArray<SessionFormField> = [
  'date',
  'startTime',
  'endTime',
  'startSuburb',
  'endSuburb',
  'timeOfDay',
  'trafficConditions',
  'roadConditions',
  'weatherConditions',
  'studentSignature',
  'supervisorName',
  'supervisorLicenseNumber',
  'supervisorSignature',
  'vehicleRegistration',
  'odometerStart',
  'odometerEnd',
];
