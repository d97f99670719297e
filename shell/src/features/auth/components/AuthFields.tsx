import { TextField } from '@logbook/ui/FormField';

interface FieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

const NEW_PASSWORD_HINT = 'At least 6 characters, and not a common password.';

export function EmailField({ value, error, onChange }: FieldProps) {
  return (
    <TextField
      label="Email"
      error={error}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * A password input: the one in use (sign-in), a new one (with the rule it must meet shown until it is broken), or the
 * new one again.
 */
export function PasswordField({
  label,
  name,
  kind,
  value,
  error,
  onChange,
}: FieldProps & { label: string; name: string; kind: 'current' | 'new' | 'confirm' }) {
  return (
    <TextField
      label={label}
      error={error}
      hint={kind === 'new' && !error ? NEW_PASSWORD_HINT : undefined}
      type="password"
      name={name}
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
