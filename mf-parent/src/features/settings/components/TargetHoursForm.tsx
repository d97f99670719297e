import type { FormEvent } from 'react';
import { Button, Card, TextField } from '@logbook/ui/shared';
import { MAX_TARGET_HOURS, MIN_TARGET_HOURS } from '@logbook/contracts/view';
import type { TargetHoursFormState } from '../hooks/useTargetHoursForm';
import type { SettingsFormValues } from '../utils/settingsForm';

export const TARGET_HOURS_FORM_ID = 'target-hours';

export interface TargetHoursFormProps {
  form: TargetHoursFormState;
  pending: boolean;
  onSave: (targets: { dayTimeTargetHours: number; nightTimeTargetHours: number }) => void;
  /** Reset to Defaults: fills the form with the family's state's rule. */
  onReset: () => void;
}

/** Daytime and Nighttime Target Hours (0 to 200), Reset to Defaults and Save Changes. */
export function TargetHoursForm({ form, pending, onSave, onReset }: TargetHoursFormProps) {
  const { values, errors, notice } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const targets = form.validate();
    if (targets) onSave(targets);
  };

  const field = (name: keyof SettingsFormValues, label: string, hint: string) => (
    <TextField
      label={label}
      error={errors[name]}
      hint={hint}
      type="number"
      name={name}
      inputMode="numeric"
      min={MIN_TARGET_HOURS}
      max={MAX_TARGET_HOURS}
      step={1}
      value={values[name]}
      onChange={(e) => form.change(name, e.target.value)}
    />
  );

  return (
    <Card
      id={TARGET_HOURS_FORM_ID}
      className="pp-settings__form"
      title="Target Hours"
      description="The supervised driving hours each of your students works towards."
      headingLevel={2}
    >
      <form className="ll-form" onSubmit={submit} noValidate aria-label="Target hours">
        <div className="pp-form__row">
          {field('dayTimeTargetHours', 'Daytime Target Hours', 'Hours of day driving, 0 to 200.')}
          {field('nightTimeTargetHours', 'Nighttime Target Hours', 'Hours of night driving, 0 to 200.')}
        </div>
        <p className="pp-form__notice" role="status" data-testid="target-hours-notice">
          {notice}
        </p>
        <div className="ll-actions">
          <Button variant="outline" onClick={onReset} disabled={pending}>
            Reset to Defaults
          </Button>
          <Button type="submit" pending={pending}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
