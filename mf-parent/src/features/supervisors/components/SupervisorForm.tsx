import { useId, useState, type FormEvent } from 'react';
import { STATE_CODES } from '@logbook/contracts/view';
import { fieldErrors, supervisorInputSchema } from '@logbook/contracts/schemas';
import { Button, TextField, SelectField } from '@logbook/ui/shared';
import type { SupervisorInput } from '@logbook/contracts/view';
import { licenceShortfall, type SupervisorLicenceRule } from '@logbook/contracts/supervisor-licence';

const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: code }));

export interface SupervisorFormProps {
  initial?: SupervisorInput;
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
  const [name, setName] = useState(initial?.name ?? '');
  const [licenseNumber, setLicenseNumber] = useState(initial?.licenseNumber ?? '');
  const [isInstructor, setIsInstructor] = useState(initial?.isInstructor ?? false);
  const [licenceState, setLicenceState] = useState<string>(initial?.licenceState ?? '');
  const [fullLicenceYear, setFullLicenceYear] = useState(
    initial?.fullLicenceYear === undefined ? '' : String(initial.fullLicenceYear),
  );
  const [email, setEmail] = useState(initial?.email ?? '');
  const yearTyped = fullLicenceYear.trim();
  const year = /^\d{4}$/.test(yearTyped) ? Number(yearTyped) : undefined;
  const shortfall = licenceShortfall(licenceRule, { fullLicenceYear: year, isInstructor }, new Date().getFullYear());
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = supervisorInputSchema.safeParse({
      name,
      licenseNumber,
      isInstructor,
      licenceState: licenceState || undefined,
      fullLicenceYear: yearTyped ? Number(yearTyped) : undefined,
      // Cleared on an edit: the saved address is forgotten.
      email: email.trim() || (initial?.email ? '' : undefined),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onSave({
      name: parsed.data.name,
      licenseNumber: parsed.data.licenseNumber,
      isInstructor: parsed.data.isInstructor,
      ...(parsed.data.licenceState ? { licenceState: parsed.data.licenceState } : {}),
      ...(parsed.data.fullLicenceYear !== undefined ? { fullLicenceYear: parsed.data.fullLicenceYear } : {}),
      ...(parsed.data.email !== undefined ? { email: parsed.data.email } : {}),
    });
  };

  return (
    <form className="pp-supervisor-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <div className="pp-supervisor-form__fields">
        <TextField
          label="Full Name"
          error={errors.name}
          name="name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Driver's License Number"
          error={errors.licenseNumber}
          name="licenseNumber"
          autoComplete="off"
          value={licenseNumber}
          onChange={(e) => setLicenseNumber(e.target.value)}
        />
        <SelectField
          label="Licence issued in (optional)"
          error={errors.licenceState}
          name="licenceState"
          options={STATE_OPTIONS}
          placeholder="Not said"
          value={licenceState}
          onChange={(e) => setLicenceState(e.target.value)}
        />
        <TextField
          label="Year of full licence (optional)"
          error={errors.fullLicenceYear}
          name="fullLicenceYear"
          inputMode="numeric"
          autoComplete="off"
          value={fullLicenceYear}
          onChange={(e) => setFullLicenceYear(e.target.value)}
        />
        <TextField
          label="Email (optional)"
          hint="To ask them to sign a drive on their own phone."
          error={errors.email}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
