import type { InputHTMLAttributes } from 'react';
import { TextField } from '@logbook/ui/shared';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';
import type { SessionErrors } from '../utils/validation';

/** What each card of the session form is handed: the values, their messages, and what changes a value. */
export interface FormCardProps {
  values: SessionValues;
  errors: SessionErrors;
  onChange: (field: SessionField, value: string) => void;
}

/** A field of the session typed as text: its label, and what else its input says (type, autoComplete, inputMode). */
export interface SessionTextField {
  field: SessionField;
  label: string;
  input?: InputHTMLAttributes<HTMLInputElement>;
}

/** Fields of the session as labelled text fields, each with its value and its message. */
export function SessionTextFields({
  fields,
  values,
  errors,
  onChange,
}: FormCardProps & { fields: readonly SessionTextField[] }) {
  return fields.map(({ field, label, input }) => (
    <TextField
      key={field}
      label={label}
      error={errors[field]}
      name={field}
      {...input}
      value={values[field]}
      onChange={(e) => onChange(field, e.target.value)}
    />
  ));
}
