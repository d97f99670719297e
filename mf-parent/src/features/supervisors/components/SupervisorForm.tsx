import { useId, useState, type FormEvent } from 'react';
import { fieldErrors, supervisorInputSchema } from '@logbook/contracts/schemas';
import { Button } from '@logbook/ui/Button';
import { FormField } from '@logbook/ui/FormField';
import { Input } from '@logbook/ui/Input';
import type { SupervisorInput } from '@logbook/contracts/schemas';

export interface SupervisorFormProps {
  initial?: SupervisorInput;
  submitLabel: string;
  pending?: boolean;
  /** The server's refusal, shown under the form. */
  failure?: string;
  onSave: (input: SupervisorInput) => void;
  onCancel: () => void;
}

/** A supervisor's full name, licence number and whether they are a licensed driving instructor. */
export function SupervisorForm({ initial, submitLabel, pending, failure, onSave, onCancel }: SupervisorFormProps) {
  const checkId = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [licenseNumber, setLicenseNumber] = useState(initial?.licenseNumber ?? '');
  const [isInstructor, setIsInstructor] = useState(initial?.isInstructor ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = supervisorInputSchema.safeParse({ name, licenseNumber, isInstructor });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSave({
      name: parsed.data.name,
      licenseNumber: parsed.data.licenseNumber,
      isInstructor: parsed.data.isInstructor,
    });
  };

  return (
    <form className="pp-supervisor-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <div className="pp-supervisor-form__fields">
        <FormField label="Full Name" error={errors.name}>
          {(p) => (
            <Input {...p} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
        <FormField label="Driver's License Number" error={errors.licenseNumber}>
          {(p) => (
            <Input
              {...p}
              name="licenseNumber"
              autoComplete="off"
              value={licenseNumber}
              onChange={(e) => setLicenseNumber(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="pp-supervisor-form__check">
        <input
          id={checkId}
          type="checkbox"
          name="isInstructor"
          checked={isInstructor}
          onChange={(e) => setIsInstructor(e.target.checked)}
        />
        <label htmlFor={checkId}>Licensed driving instructor</label>
      </div>
      {failure && (
        <p className="ll-field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="pp-supervisor-form__actions">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
