import type { StudentCredentials } from '@logbook/contracts/view';
import { fieldErrors, studentCredentialsSchema } from '@logbook/contracts/schemas';

export interface CredentialsForm {
  studentUsername: string;
  studentPassword: string;
}

export type CredentialsCheck =
  | { ok: true; credentials: StudentCredentials }
  | { ok: false; message: string; fields: Partial<Record<keyof CredentialsForm, string>> };

/**
 * Checks the sign-in form with the shared schema. The 'both required' rule belongs to the form as a whole, so it
 * comes back as `message`, with the blank fields marked; length limits belong to one field.
 */
export function checkCredentials(form: CredentialsForm): CredentialsCheck {
  const result = studentCredentialsSchema.safeParse(form);
  if (result.success) return { ok: true, credentials: result.data };
  const errors = fieldErrors(result.error);
  const fields: Partial<Record<keyof CredentialsForm, string>> = {};
  if (!form.studentUsername.trim()) fields.studentUsername = errors._form;
  if (!form.studentPassword.trim()) fields.studentPassword = errors._form;
  if (errors.studentUsername) fields.studentUsername = errors.studentUsername;
  if (errors.studentPassword) fields.studentPassword = errors.studentPassword;
  const message = errors._form ?? errors.studentUsername ?? errors.studentPassword ?? '';
  return { ok: false, message, fields };
}
