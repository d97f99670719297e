import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, FormField, TextField, Input } from '@logbook/ui/shared';
import { PASSWORD_MIN, TEXT_LIMITS, TOASTS } from '@logbook/contracts/view';
import type { StudentCredentials } from '@logbook/contracts/view';
import type { SaveOutcome } from '../hooks/useStudentLoginActions';

/** The credentials' checks (with the schemas) are fetched when the dialog is first submitted, not with the dashboard. */
const loadChecks = () => import('../utils/credentials');

export interface CredentialsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initialUsername?: string;
  /** A saved login closes the dialog; a refused one keeps it open with the reason. */
  onSubmit: (credentials: StudentCredentials) => Promise<SaveOutcome>;
}

/** Username and password for a student's own sign-in, used to create a login and to change one. */
export function CredentialsDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initialUsername = '',
  onSubmit,
}: CredentialsDialogProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setUsername(initialUsername);
    setPassword('');
    setShowPassword(false);
    setError(null);
  }, [open, initialUsername]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setPending(true);
    const checked = await loadChecks().then(
      ({ validateCredentials }) => validateCredentials(username, password),
      () => ({ ok: false as const, message: TOASTS.networkError }),
    );
    const outcome = checked.ok ? await onSubmit(checked.data) : checked;
    setPending(false);
    if (outcome.ok) onOpenChange(false);
    else setError(outcome.message);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description}>
      <form className="ll-form" onSubmit={submit} noValidate>
        <TextField
          label="Username"
          name="studentUsername"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={TEXT_LIMITS.username}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus
        />
        <FormField label="Password" hint={`At least ${PASSWORD_MIN.student} characters, and not a common password`}>
          {(field) => (
            <div className="pp-password">
              <Input
                {...field}
                name="studentPassword"
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                maxLength={TEXT_LIMITS.password}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button variant="ghost" size="sm" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
                {showPassword ? 'Hide' : 'Show'}
                <span className="ll-visually-hidden"> password</span>
              </Button>
            </div>
          )}
        </FormField>
        {error && (
          <p className="ll-field__error" role="alert" data-testid="credentials-error">
            {error}
          </p>
        )}
        <div className="ll-actions ll-actions--end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
