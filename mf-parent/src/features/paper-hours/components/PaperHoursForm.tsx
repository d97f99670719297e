import { useState, type FormEvent } from 'react';
import { Button, TextField, TextAreaField } from '@logbook/ui/shared';
import { MAX_OPENING_BALANCE_HOURS, MAX_OPENING_BALANCE_NOTE } from '@logbook/contracts/view';
import type { OpeningBalanceInput } from '@logbook/contracts/view';
import { validatePaperHoursForm, type PaperHoursFormErrors, type PaperHoursFormValues } from '../utils/paperHoursForm';

export interface PaperHoursFormProps {
  initialValues: PaperHoursFormValues;
  pending: boolean;
  onSave: (input: OpeningBalanceInput) => void;
}

/** Day hours, night hours and a note from the paper log book, each checked as it is typed. */
export function PaperHoursForm({ initialValues, pending, onSave }: PaperHoursFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<PaperHoursFormErrors>({});

  const change = (field: keyof PaperHoursFormValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    const result = validatePaperHoursForm(next);
    setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validatePaperHoursForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSave(result.data);
  };

  const hoursField = (name: 'dayHours' | 'nightHours', label: string) => (
    <TextField
      label={label}
      error={errors[name]}
      hint={`0 to ${MAX_OPENING_BALANCE_HOURS}, to one decimal place (12.5).`}
      type="number"
      name={name}
      inputMode="decimal"
      min={0}
      max={MAX_OPENING_BALANCE_HOURS}
      step={0.1}
      value={values[name]}
      onChange={change(name)}
    />
  );

  return (
    <form className="ll-form pp-form" onSubmit={submit} noValidate aria-label="Paper log book hours">
      <div className="pp-form__row">
        {hoursField('dayHours', 'Day Hours')}
        {hoursField('nightHours', 'Night Hours')}
      </div>
      <TextAreaField
        label="Note (Optional)"
        error={errors.note}
        hint={`${values.note.length} / ${MAX_OPENING_BALANCE_NOTE} characters, for example which book and pages.`}
        className="pp-textarea"
        name="note"
        rows={3}
        value={values.note}
        onChange={change('note')}
      />
      <div className="ll-actions">
        <Button type="submit" pending={pending}>
          Save Paper Hours
        </Button>
      </div>
    </form>
  );
}
