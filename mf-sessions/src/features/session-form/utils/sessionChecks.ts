import { fieldErrors, sessionDateProblem, sessionFieldsSchema } from '../../../lib/schemas';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';

/** The session form's checks built on the session's schemas: the part of validation.ts fetched after the first paint. */

/** Each field's problem against the session's form schema, one message per field. */
export function fieldProblems(values: SessionValues): Partial<Record<SessionField, string>> {
  const parsed = sessionFieldsSchema.safeParse(values);
  return parsed.success ? {} : (fieldErrors(parsed.error) as Partial<Record<SessionField, string>>);
}

export { sessionDateProblem };
