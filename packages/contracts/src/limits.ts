import type { SessionFields } from './schemas';

// Figures and field lists of the contracts that screens read as they draw, kept apart from the schemas built on them
// so a screen reads them without the validation library (test/limits.test.ts holds them to the schemas).

/** Hours a family logged on paper before they started using the app (issue 12, paper hours). */
export const MAX_OPENING_BALANCE_HOURS = 200;
export const MAX_OPENING_BALANCE_NOTE = 500;

/** The session form's fields kept as whole numbers (the odometer readings): typed as text, sent as numbers. */
export const WHOLE_NUMBER_SESSION_FIELDS: ReadonlyArray<keyof SessionFields> = ['odometerStart', 'odometerEnd'];

/** The session form's fields, in the order the session's field registry lists them. */
export const SESSION_FORM_FIELDS: ReadonlyArray<keyof SessionFields> = [
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
