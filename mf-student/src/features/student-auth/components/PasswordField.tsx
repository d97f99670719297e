import { useState } from 'react';
import { FormField, Input } from '@logbook/ui/shared';

export interface PasswordFieldProps {
  value: string;
  error?: string;
  /** Marks the input invalid when the problem is shown elsewhere (the form's own message). */
  invalid?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}

/** The password input with a toggle that shows the characters typed; the toggle reports its state to assistive tech. */
export function PasswordField({ value, error, invalid, describedBy, onChange }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label="Password" error={error}>
      {(field) => (
        <div className="student-password">
          <Input
            {...field}
            invalid={field.invalid || Boolean(invalid)}
            aria-describedby={[field['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
            type={visible ? 'text' : 'password'}
            name="studentPassword"
            autoComplete="current-password"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="ll-icon-btn student-password__toggle"
            aria-pressed={visible}
            aria-label={visible ? 'Hide password' : 'Show password'}
            title={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FormField>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m3 3 18 18" />
    </svg>
  );
}
