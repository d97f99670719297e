import { useState } from 'react';
import type { TargetHours } from '@logbook/contracts/view';
import {
  settingsFormFromTargets,
  validateSettingsForm,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '../utils/settingsForm';

/**
 * What the target-hours form holds: the two inputs as typed, their messages, a note on where the values came from, and
 * whether they are the state's rule (after Reset to Defaults, until a number is typed): saved so, each learner's
 * targets follow the rule for their age.
 */
export function useTargetHoursForm(initialValues: SettingsFormValues) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [followsState, setFollowsState] = useState(false);

  const change = (field: keyof SettingsFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setNotice(null);
    setFollowsState(false);
    // Once a field has a message, keep it in step with what is typed.
    if (errors[field]) {
      const result = validateSettingsForm(next);
      setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
    }
  };

  const fill = (next: SettingsFormValues, message: string | null, fromState = false) => {
    setValues(next);
    setErrors({});
    setNotice(message);
    setFollowsState(fromState);
  };

  return {
    values,
    errors,
    notice,
    change,
    followsState,
    /** Reset to Defaults: the state's rule, as it stands for a young learner. */
    reset: (stateTargets: TargetHours, message: string) => fill(settingsFormFromTargets(stateTargets), message, true),
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
