import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { PASSWORD_RESET, TOASTS } from '@logbook/contracts/messages';
import { paths } from '@logbook/shell-context/routes';
import { requestPasswordReset } from '../api/submitAuth';
import { useFormState } from '../hooks/useFormState';
import { toastFailure } from '../lib/toastFailure';
import { AuthLayout } from './AuthLayout';
import { AuthOutcome } from './AuthOutcome';
import { EmailField } from './AuthFields';
import './passwordPages.css';

/** /forgot-password: asks for the email and answers the same words whether or not it has an account. */
export function ForgotPasswordPage() {
  const { field, prepare, pending, submit } = useFormState((schemas) => schemas.loginSchema.pick({ email: true }), {
    email: '',
  });
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = submit(async ({ email }) => {
    const answer = await requestPasswordReset(email);
    if (answer.ok) setSent(answer.message ?? PASSWORD_RESET.requested);
    else toastFailure(TOASTS.error, answer);
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to={paths.login}>Sign in</Link>
        </>
      }
    >
      {sent !== null ? (
        <AuthOutcome testId="reset-requested">
          <Alert variant="success" title={PASSWORD_RESET.requestedTitle}>
            <p>{sent}</p>
            <p>
              No email after a few minutes? Check your spam folder, or{' '}
              <Button variant="link" size="sm" onClick={() => setSent(null)}>
                try another address
              </Button>
              .
            </p>
          </Alert>
        </AuthOutcome>
      ) : (
        <form className="ll-form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-label="Forgot password">
          <EmailField {...field('email')} />
          <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
            {pending ? 'Sending link...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
