import { useState, type FormEvent } from 'react';
import { Button } from '@logbook/ui/Button';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import { loadApiClient, login, register } from '../api/submitAuth';
import { useFormState } from '../hooks/useFormState';
import { EmailField, PasswordField } from './AuthFields';

export interface JoinAccountFormProps {
  /** 'signIn' for an adult with an account, 'register' for one without (then signed in with the same details). */
  mode: 'signIn' | 'register';
  /** The address the invitation was sent to, offered first. */
  email: string;
  onSignedIn: () => Promise<void>;
}

/** The invitation page's sign-in or registration, with the sign-in pages' fields, rules and messages. */
export function JoinAccountForm({ mode, email, onSignedIn }: JoinAccountFormProps) {
  const registration = useFormState(
    (schemas) => schemas.registerFormSchema,
    { email, password: '', confirmPassword: '' },
    loadApiClient,
  );
  const signIn = useFormState((schemas) => schemas.loginSchema, { email, password: '' }, loadApiClient);
  const form = mode === 'register' ? registration : signIn;
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await form.validate();
    if (!parsed.success) return;
    setPending(true);
    const credentials = { email: parsed.data.email, password: parsed.data.password };
    if (mode === 'register') {
      // The confirmation is checked here and never sent.
      const made = await register(credentials);
      if (!made.ok) {
        setPending(false);
        const description = made.kind === 'rejected' ? made.serverMessage || TOASTS.registrationError : undefined;
        toast({
          title: TOASTS.registrationFailed,
          description: description ?? TOASTS.networkError,
          variant: 'destructive',
        });
        return;
      }
    }
    const outcome = await login(credentials);
    if (outcome.ok) {
      await onSignedIn();
      setPending(false);
      return;
    }
    setPending(false);
    toast({
      title: TOASTS.loginFailed,
      description:
        outcome.kind === 'rejected' ? outcome.serverMessage || TOASTS.invalidCredentials : TOASTS.networkError,
      variant: 'destructive',
    });
  };

  const label = mode === 'register' ? 'Create account and join' : 'Sign in and join';
  return (
    <form
      className="ll-form"
      onSubmit={onSubmit}
      onFocus={form.prepare}
      noValidate
      aria-label={mode === 'register' ? 'Create account' : 'Sign in'}
    >
      <EmailField value={form.values.email} error={form.errors.email} onChange={(v) => form.setField('email', v)} />
      <PasswordField
        label="Password"
        name="password"
        kind={mode === 'register' ? 'new' : 'current'}
        value={form.values.password}
        error={form.errors.password}
        onChange={(v) => form.setField('password', v)}
      />
      {mode === 'register' && (
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          kind="confirm"
          value={registration.values.confirmPassword}
          error={registration.errors.confirmPassword}
          onChange={(v) => registration.setField('confirmPassword', v)}
        />
      )}
      <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
        {pending ? (mode === 'register' ? 'Creating account...' : 'Signing in...') : label}
      </Button>
    </form>
  );
}
