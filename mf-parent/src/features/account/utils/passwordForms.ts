import { VALIDATION } from '@logbook/contracts/view';
import { registerSchema } from '@logbook/contracts/schemas';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

export const EMPTY_CHANGE_PASSWORD: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The new password follows the registration rules and messages; the confirmation is checked here and never sent. */
export function validateChangePassword(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (values.currentPassword.length === 0) errors.currentPassword = VALIDATION.passwordRequired;
  const rules = registerSchema.shape.password.safeParse(values.newPassword);
  if (!rules.success) errors.newPassword = rules.error.issues[0]?.message ?? VALIDATION.passwordMin;
  if (values.confirmPassword.length === 0) errors.confirmPassword = VALIDATION.confirmPassword;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = VALIDATION.passwordsDontMatch;
  return errors;
}
