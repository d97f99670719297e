import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { isPasswordRuleMessage, PASSWORD_RESET, TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import { paths } from '@logbook/shell-context/routes';
import { confirmPasswordReset } from '../api/submitAuth';
import { useFormState } from '../hooks/useFormState';
import { newPasswordFormSchema } from '../lib/newPasswordForm';
import { toastFailure } from '../lib/toastFailure';
import { AuthLayout } from './AuthLayout';
import { AuthOutcome } from './AuthOutcome';
import { PasswordField } from './AuthFields';
import './passwordPages.css';

/**
 * The token of a reset link: in the fragment (`#token=…`), which browsers never send to a server; links sent before
 * it moved there carry it in the query string (`?token=…`).
 */
function tokenIn(location: { hash: string; search: string }): string {
  return (
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ??
    new URLSearchParams(location.search).get('token') ??
    ''
  );
}

/**
 * /reset-password#token=…: the page the reset email links to; sets a new password with the registration rules. The
 * token is kept in the page and taken out of the address at once, so the history and a shared address do not hold it.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const [token] = useState(() => tokenIn(location));
  const { field, prepare, pending, submit } = useFormState(newPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  });
  const [linkProblem, setLinkProblem] = useState(token === '');
  const [serverError, setServerError] = useState<string | undefined>();
  const navigate = useNavigate();

  const tokenInAddress = tokenIn(location) !== '';
  useEffect(() => {
    // Replaces the history entry (history.replaceState): the address bar and Back no longer show the token.
    if (tokenInAddress) navigate({ pathname: location.pathname }, { replace: true, state: location.state });
  }, [tokenInAddress, navigate, location.pathname, location.state]);

  const send = submit(async ({ password }) => {
    const outcome = await confirmPasswordReset(token, password);
    if (outcome.ok) {
      toast(PASSWORD_RESET.passwordSet);
      navigate(paths.login, { replace: true });
    } else if (outcome.kind === 'rejected' && outcome.status === 400 && isPasswordRuleMessage(outcome.serverMessage)) {
      // The link is good; the password broke a rule only the server knows (a common password).
      setServerError(outcome.serverMessage);
    } else if (outcome.kind === 'rejected' && outcome.status >= 400 && outcome.status < 500 && outcome.status !== 429) {
      setLinkProblem(true);
    } else {
      toastFailure(TOASTS.error, outcome);
    }
  });
  const onSubmit = (event: FormEvent) => {
    setServerError(undefined);
    return send(event);
  };

  const password = field('password');
  return (
    <AuthLayout
      title="Choose a new password"
      description="Your new password signs you in on every device. Everywhere else is signed out."
      footer={
        <>
          Remembered it? <Link to={paths.login}>Sign in</Link>
        </>
      }
    >
      {linkProblem ? (
        // Expired, used and unknown links all read the same, with the way to ask again.
        <AuthOutcome testId="reset-link-problem">
          <Alert variant="warning" title={PASSWORD_RESET.linkProblemTitle}>
            <p>{PASSWORD_RESET.linkProblem}</p>
            <p>
              <Link to={paths.forgotPassword}>{PASSWORD_RESET.askAgain}</Link>
            </p>
          </Alert>
        </AuthOutcome>
      ) : (
        <form className="ll-form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-label="Choose a new password">
          <PasswordField
            label="New password"
            name="password"
            kind="new"
            value={password.value}
            error={password.error ?? serverError}
            onChange={(v) => {
              setServerError(undefined);
              password.onChange(v);
            }}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            kind="confirm"
            {...field('confirmPassword')}
          />
          <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
            {pending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
