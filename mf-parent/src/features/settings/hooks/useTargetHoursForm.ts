import { useState } from 'react';
import type { TargetHours } from '@logbook/contracts/progress';
import {
  DEFAULT_SETTINGS_FORM,
  settingsFormFromTargets,
  validateSettingsForm,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '../utils/settingsForm';

/** What the target-hours form holds: the two inputs as typed, their messages and a note on where the values came from. */
export function useTargetHoursForm(initialValues: SettingsFormValues) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const [notice, setNotice] = useState<string | null>(null);

  const change = (field: keyof SettingsFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setNotice(null);
    // Once a field has a message, keep it in step with what is typed.
    if (errors[field]) {
      const result = validateSettingsForm(next);
      setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
    }
  };

  const fill = (next: SettingsFormValues, message: string | null) => {
    setValues(next);
    setErrors({});
    setNotice(message);
  };

  return {
    values,
    errors,
    notice,
    change,
    reset: () => fill(DEFAULT_SETTINGS_FORM, null),
    apply: (targets: TargetHours, message: string) => fill(settingsFormFromTargets(targets), message),
    /** The checked numbers to save, or null after showing what is wrong. */
    validate: () => {
      const result = validateSettingsForm(values);
      setErrors(result.ok ? {} : result.errors);
      return result.ok ? result.data : null;
    },
  };
}

export type TargetHoursFormState = ReturnType<typeof useTargetHoursForm>;
