import { useId, useState, type FormEvent } from 'react';
import { Button, FormField, Input } from '@logbook/ui/shared';
import { TOASTS } from '@logbook/contracts/view';
import type { StudentAuth } from '@logbook/contracts/view';
import { toast } from '@logbook/shell-context/shared';
import { checkCredentials, type CredentialsCheck, type CredentialsForm } from '../api/credentials';
import { signInStudent } from '../api/studentSession';
import { PasswordField } from './PasswordField';

export interface StudentLoginFormProps {
  onSignedIn: (student: StudentAuth) => void | Promise<void>;
}

type Problems = Extract<CredentialsCheck, { ok: false }>;

export function StudentLoginForm({ onSignedIn }: StudentLoginFormProps) {
  const [form, setForm] = useState<CredentialsForm>({ studentUsername: '', studentPassword: '' });
  const [problems, setProblems] = useState<Problems | null>(null);
  const [pending, setPending] = useState(false);
  const messageId = useId();

  const update = (name: keyof CredentialsForm, value: string) => {
    const next = { ...form, [name]: value };
    setForm(next);
    // Once a problem is shown it follows the typing, so it clears as soon as it is fixed.
    if (problems) {
      const check = checkCredentials(next);
      setProblems(check.ok ? null : check);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkCredentials(form);
    if (!check.ok) {
      setProblems(check);
      return;
    }
    setProblems(null);
    setPending(true);
    const outcome = await signInStudent(check.credentials);
    if (outcome.ok) {
      toast({ title: TOASTS.welcomeBack(outcome.student.firstName) });
      await onSignedIn(outcome.student);
      return;
    }
    setPending(false);
    toast({
      title: TOASTS.studentLoginFailed,
      description:
        outcome.kind === 'network' ? TOASTS.networkError : outcome.serverMessage || TOASTS.invalidCredentials,
      variant: 'destructive',
    });
  };

  const message = problems?.message;
  const usernameError = problems?.fields.studentUsername;
  const passwordError = problems?.fields.studentPassword;
  const describedBy = (own: string | undefined) =>
    [own, message ? messageId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="ll-form" onSubmit={onSubmit} noValidate aria-label="Student sign in">
      {message && (
        <p id={messageId} className="student-login__problem" role="alert">
          {message}
        </p>
      )}
      <FormField label="Username" error={usernameError !== message ? usernameError : undefined}>
        {(field) => (
          <Input
            {...field}
            aria-describedby={describedBy(field['aria-describedby'])}
            invalid={Boolean(usernameError)}
            type="text"
            name="studentUsername"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={form.studentUsername}
            onChange={(e) => update('studentUsername', e.target.value)}
          />
        )}
      </FormField>
      <PasswordField
        value={form.studentPassword}
        error={passwordError !== message ? passwordError : undefined}
        invalid={Boolean(passwordError)}
        describedBy={message ? messageId : undefined}
        onChange={(value) => update('studentPassword', value)}
      />
      <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
