import { useState } from 'react';
import { ApiError, toast } from '@logbook/shell-context/shared';
import { ACCOUNT_MESSAGES, isPasswordRuleMessage, TOASTS } from '@logbook/contracts/view';
import { changePassword } from '../api/account';
import {
  EMPTY_CHANGE_PASSWORD,
  validateChangePassword,
  type ChangePasswordErrors,
  type ChangePasswordValues,
} from '../utils/passwordForms';

/**
 * The change-password form: checked here with the registration rules, then PUT /api/user/password. A refusal lands on
 * the field it is about; success clears the form (other devices are signed out, this one stays).
 */
export function useChangePassword() {
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY_CHANGE_PASSWORD);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  const setField = (name: keyof ChangePasswordValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validateChangePassword(next));
  };

  /** Returns the errors found, so the form can move focus to the first of them. */
  const submit = async (): Promise<ChangePasswordErrors> => {
    setSubmitted(true);
    const found = validateChangePassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return found;
    setPending(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        const message = error.serverMessage;
        const refused: ChangePasswordErrors = isPasswordRuleMessage(message)
          ? { newPassword: message }
          : { currentPassword: message ?? ACCOUNT_MESSAGES.currentPasswordWrong };
        setErrors(refused);
        return refused;
      }
      const description =
        error instanceof ApiError ? (error.serverMessage ?? TOASTS.networkError) : TOASTS.networkError;
      toast({ title: ACCOUNT_MESSAGES.passwordChangeFailed, description, variant: 'destructive' });
      return {};
    }
    setPending(false);
    setSubmitted(false);
    setValues(EMPTY_CHANGE_PASSWORD);
    toast(ACCOUNT_MESSAGES.passwordChanged);
    return {};
  };

  return { values, errors, pending, setField, submit };
}
