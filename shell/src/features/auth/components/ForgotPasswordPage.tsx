import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { PASSWORD_RESET, TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import { paths } from '@logbook/shell-context/routes';
import { requestPasswordReset } from '../api/passwordReset';
import { useFormState } from '../hooks/useFormState';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './AuthFields';
import './passwordPages.css';

/** /forgot-password: asks for the email and answers the same words whether or not it has an account. */
export function ForgotPasswordPage() {
  const { values, errors, setField, validate, prepare } = useFormState(
    (schemas) => schemas.loginSchema.pick({ email: true }),
    { email: '' },
  );
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);

  // The form gives way to the answer: focus moves to it so a screen reader reads it at once.
  useEffect(() => {
    if (sent !== null) outcome.current?.focus();
  }, [sent]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await validate();
    if (!parsed.success) return;
    setPending(true);
    const answer = await requestPasswordReset(parsed.data.email);
    setPending(false);
    if (answer.ok) setSent(answer.message ?? PASSWORD_RESET.requested);
    else if (answer.kind === 'rejected')
      toast({ title: TOASTS.error, description: answer.serverMessage || TOASTS.networkError, variant: 'destructive' });
    else toast({ title: TOASTS.error, description: TOASTS.networkError, variant: 'destructive' });
  };

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
        <div ref={outcome} tabIndex={-1} className="auth__outcome" data-testid="reset-requested">
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
        </div>
      ) : (
        <form className="ll-form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-label="Forgot password">
          <EmailField value={values.email} error={errors.email} onChange={(v) => setField('email', v)} />
          <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
            {pending ? 'Sending link...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
