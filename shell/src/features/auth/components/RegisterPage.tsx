import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@logbook/ui/Button';
import { FormField } from '@logbook/ui/FormField';
import { STATE_OPTIONS, SUGGESTED_STATE, type StateCode } from '@logbook/contracts/state-codes';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import { paths } from '@logbook/shell-context/routes';
import { loadApiClient, register } from '../api/submitAuth';
import { useFormState } from '../hooks/useFormState';
import { AuthLayout } from './AuthLayout';
import { toastFailure } from '../lib/toastFailure';
import { EmailField, PasswordField } from './AuthFields';

export function RegisterPage() {
  const { field, prepare, pending, submit } = useFormState(
    (schemas) => schemas.registerFormSchema,
    {
      email: '',
      password: '',
      confirmPassword: '',
    },
    loadApiClient,
  );
  const [state, setState] = useState<StateCode>(SUGGESTED_STATE);
  const navigate = useNavigate();

  const onSubmit = submit(async ({ email, password }) => {
    // The confirmation is checked here and never sent.
    const outcome = await register({ email, password, state });
    if (!outcome.ok) return toastFailure(TOASTS.registrationFailed, outcome, TOASTS.registrationError);
    toast(TOASTS.registrationSuccess);
    navigate(paths.login);
  });

  return (
    <AuthLayout
      title="Create your account"
      description="Register as a parent or guardian, then add your learner drivers."
      footer={
        <>
          Already have an account? <Link to={paths.login}>Sign in</Link>
        </>
      }
    >
      <form className="ll-form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-label="Create account">
        <EmailField {...field('email')} />
        <PasswordField label="Password" name="password" kind="new" {...field('password')} />
        <PasswordField label="Confirm Password" name="confirmPassword" kind="confirm" {...field('confirmPassword')} />
        <FormField
          label="Your State or Territory"
          hint="Your log book follows its rules: the hours each learner needs and what every drive records."
        >
          {/* The shared Select's markup, written out: importing it would split it out of the first view's chunk. */}
          {(field) => (
            <div className="ll-select">
              <select
                {...field}
                className="ll-select__control"
                name="state"
                value={state}
                onChange={(e) => setState(e.target.value as StateCode)}
              >
                {STATE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </FormField>
        <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
          {pending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
