import { useId, type ReactNode } from 'react';
import { Label } from './Label';

export interface FieldControlProps {
  id: string;
  invalid: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ll-field">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, invalid: Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="ll-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ll-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
