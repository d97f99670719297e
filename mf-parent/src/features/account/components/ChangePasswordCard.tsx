import { useRef, type FormEvent } from 'react';
import { Button, Card, TextField } from '@logbook/ui/shared';
import { useChangePassword } from '../hooks/useChangePassword';
import type { ChangePasswordValues } from '../utils/passwordForms';

const FIELDS: Array<{ name: keyof ChangePasswordValues; label: string; autoComplete: string; hint?: string }> = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    hint: 'At least 6 characters, and not a common password.',
  },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Change password: the current one, then the new one twice. Other devices are signed out, this one stays. */
export function ChangePasswordCard() {
  const { values, errors, pending, setField, submit } = useChangePassword();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await submit();
    // Focus goes to the first field with something to fix, whose error the field's description then reads out.
    const first = FIELDS.find((field) => found[field.name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first.name}"]`)?.focus();
  };

  return (
    <Card
      title="Change password"
      headingLevel={2}
      description="Every other device signed in to this account is signed out; this one stays signed in."
      data-testid="change-password"
    >
      <form ref={form} className="ll-form" onSubmit={onSubmit} noValidate aria-label="Change password">
        {FIELDS.map(({ name, label, autoComplete, hint }) => (
          <TextField
            key={name}
            label={label}
            error={errors[name]}
            hint={errors[name] ? undefined : hint}
            type="password"
            name={name}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(e) => setField(name, e.target.value)}
          />
        ))}
        <div>
          <Button type="submit" pending={pending}>
            {pending ? 'Changing password...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
