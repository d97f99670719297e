import { useId, useState, type FormEvent } from 'react';
import { STATE_CODES } from '@logbook/contracts/view';
import { fieldErrors, supervisorInputSchema } from '@logbook/contracts/schemas';
import { Button, TextField, SelectField } from '@logbook/ui/shared';
import type { SupervisorInput } from '@logbook/contracts/view';
import type { SavedSupervisor } from '@logbook/shell-context/shared';
import { licenceShortfall, type SupervisorLicenceRule } from '@logbook/contracts/supervisor-licence';

const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: code }));

export interface SupervisorFormProps {
  /** The saved supervisor being changed; none for a new one. */
  initial?: SavedSupervisor;
  submitLabel: string;
  pending?: boolean;
  /** The server's refusal, shown under the form. */
  failure?: string;
  onSave: (input: SupervisorInput) => void;
  onCancel: () => void;
  /** What the family's state asks of a supervisor: the form warns when the year of the full licence falls short. */
  licenceRule?: SupervisorLicenceRule;
}

/**
 * A supervisor's full name, licence number, whether they are a licensed driving instructor, and the state and year of
 * their full licence.
 */
export function SupervisorForm({
  initial,
  submitLabel,
  pending,
  failure,
  onSave,
  onCancel,
  licenceRule,
}: SupervisorFormProps) {
  const checkId = useId();
  const [values, setValues] = useState({
    name: initial?.name ?? '',
    licenseNumber: initial?.licenseNumber ?? '',
    licenceState: initial?.licenceState ?? '',
    fullLicenceYear: String(initial?.fullLicenceYear ?? ''),
    email: initial?.email ?? '',
  });
  const [isInstructor, setIsInstructor] = useState(initial?.isInstructor ?? false);
  const yearTyped = values.fullLicenceYear.trim();
  const year = /^\d{4}$/.test(yearTyped) ? Number(yearTyped) : undefined;
  const shortfall = licenceShortfall(licenceRule, { fullLicenceYear: year, isInstructor }, new Date().getFullYear());
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = supervisorInputSchema.safeParse({
      name: values.name,
      licenseNumber: values.licenseNumber,
      isInstructor,
      licenceState: values.licenceState || undefined,
      fullLicenceYear: yearTyped ? Number(yearTyped) : undefined,
      // Cleared on an edit: the saved address is forgotten.
      email: values.email.trim() || (initial?.email ? '' : undefined),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };

  const field = (name: keyof typeof values) => ({
    error: errors[name],
    name,
    autoComplete: 'off',
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form className="pp-supervisor-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <div className="pp-supervisor-form__fields">
        <TextField label="Full Name" {...field('name')} />
        <TextField label="Driver's License Number" {...field('licenseNumber')} />
        <SelectField
          label="Licence issued in (optional)"
          options={STATE_OPTIONS}
          placeholder="Not said"
          {...field('licenceState')}
        />
        <TextField label="Year of full licence (optional)" inputMode="numeric" {...field('fullLicenceYear')} />
        <TextField
          label="Email (optional)"
          hint="To ask them to sign a drive on their own phone."
          type="email"
          inputMode="email"
          {...field('email')}
        />
      </div>
      {shortfall && (
        <p className="pp-supervisor-form__warning" role="status" data-testid="licence-shortfall">
          {shortfall}
        </p>
      )}
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
      <div className="ll-actions ll-actions--end">
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
