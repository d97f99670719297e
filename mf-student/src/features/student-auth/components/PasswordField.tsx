import { useState } from 'react';
import { FormField, Input } from '@logbook/ui/shared';
import { EyeIcon, EyeOffIcon } from '../../../lib/icons';

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
