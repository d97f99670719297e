import { useState, type FormEvent } from 'react';
import { Button } from '@logbook/ui/Button';
import { Card } from '@logbook/ui/Card';
import { FormField } from '@logbook/ui/FormField';
import { Input } from '@logbook/ui/Input';
import { MAX_TARGET_HOURS, MIN_TARGET_HOURS } from '@logbook/contracts/constants';
import {
  DEFAULT_SETTINGS_FORM,
  validateSettingsForm,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '../utils/settingsForm';

export interface TargetHoursFormProps {
  initialValues: SettingsFormValues;
  pending: boolean;
  onSave: (targets: { dayTimeTargetHours: number; nightTimeTargetHours: number }) => void;
}

/** Daytime and Nighttime Target Hours (0 to 200), Reset to Defaults and Save Changes. */
export function TargetHoursForm({ initialValues, pending, onSave }: TargetHoursFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<SettingsFormErrors>({});

  const change = (field: keyof SettingsFormValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (errors[field]) {
      const result = validateSettingsForm(next);
      setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateSettingsForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSave(result.data);
  };

  const field = (name: keyof SettingsFormValues, label: string, hint: string) => (
    <FormField label={label} error={errors[name]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="number"
          name={name}
          inputMode="numeric"
          min={MIN_TARGET_HOURS}
          max={MAX_TARGET_HOURS}
          step={1}
          value={values[name]}
          onChange={change(name)}
        />
      )}
    </FormField>
  );

  return (
    <Card
      title="Target Hours"
      description="The supervised driving hours each of your students works towards."
      headingLevel={2}
    >
      <form className="ll-form" onSubmit={submit} noValidate aria-label="Target hours">
        <div className="pp-form__row">
          {field('dayTimeTargetHours', 'Daytime Target Hours', 'Hours of day driving, 0 to 200.')}
          {field('nightTimeTargetHours', 'Nighttime Target Hours', 'Hours of night driving, 0 to 200.')}
        </div>
        <div className="pp-form__actions">
          <Button
            variant="outline"
            onClick={() => {
              setValues(DEFAULT_SETTINGS_FORM);
              setErrors({});
            }}
            disabled={pending}
          >
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
