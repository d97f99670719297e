import { useId, type ComponentType, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import { Input, type InputProps } from './Input';
import { Label } from './Label';
import { Select, type SelectProps } from './Select';

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

/** What a labelled control takes: the control's own props with its label, hint and error. */
export type LabelledProps<P> = P & { label: ReactNode; error?: string; hint?: ReactNode };

/** A control wrapped in its label, hint and error, tied to it for assistive technology. */
function labelled<P extends object>(Control: ComponentType<P & Partial<FieldControlProps>>) {
  return function LabelledControl({ label, error, hint, ...control }: LabelledProps<P>) {
    return (
      <FormField label={label} error={error} hint={hint}>
        {(ids) => <Control {...ids} {...(control as P)} />}
      </FormField>
    );
  };
}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

function TextArea({ className, invalid, ...rest }: TextAreaProps) {
  return <textarea className={cx('ll-input', className)} aria-invalid={invalid || undefined} {...rest} />;
}

// Kept in this module with the field frame: a form's first view fetches one shared module for all its fields.
/** A labelled input with its hint and error. */
export const TextField = labelled<InputProps>(Input);
/** A labelled select with its hint and error. */
export const SelectField = labelled<SelectProps>(Select);
/** A labelled text area with its hint and error. */
export const TextAreaField = labelled<TextAreaProps>(TextArea);
