import { Button } from '@logbook/ui/Button';
import { TOASTS } from '@logbook/contracts/messages';
import { loadApiClient, login, register } from '../api/submitAuth';
import { useFormState } from '../hooks/useFormState';
import { toastFailure } from '../lib/toastFailure';
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

  const onSubmit = form.submit(async ({ email, password }) => {
    if (mode === 'register') {
      // The confirmation is checked here and never sent.
      const made = await register({ email, password });
      if (!made.ok) return toastFailure(TOASTS.registrationFailed, made, TOASTS.registrationError);
    }
    const outcome = await login({ email, password });
    if (outcome.ok) await onSignedIn();
    else toastFailure(TOASTS.loginFailed, outcome, TOASTS.invalidCredentials);
  });

  const label = mode === 'register' ? 'Create account and join' : 'Sign in and join';
  return (
    <form
      className="ll-form"
      onSubmit={onSubmit}
      onFocus={form.prepare}
      noValidate
      aria-label={mode === 'register' ? 'Create account' : 'Sign in'}
    >
      <EmailField {...form.field('email')} />
      <PasswordField
        label="Password"
        name="password"
        kind={mode === 'register' ? 'new' : 'current'}
        {...form.field('password')}
      />
      {mode === 'register' && (
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          kind="confirm"
          {...registration.field('confirmPassword')}
        />
      )}
      <Button type="submit" size="lg" className="ll-btn--block" pending={form.pending}>
        {form.pending ? (mode === 'register' ? 'Creating account...' : 'Signing in...') : label}
      </Button>
    </form>
  );
}
