import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { isPasswordRuleMessage, PASSWORD_RESET, TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import { paths } from '@logbook/shell-context/routes';
import { confirmPasswordReset } from '../api/passwordReset';
import { useFormState } from '../hooks/useFormState';
import { newPasswordFormSchema } from '../lib/newPasswordForm';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './AuthFields';
import './passwordPages.css';

/** Expired, used and unknown links all read the same, with the way to ask again. */
function LinkProblem() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="auth__outcome" data-testid="reset-link-problem">
      <Alert variant="warning" title={PASSWORD_RESET.linkProblemTitle}>
        <p>{PASSWORD_RESET.linkProblem}</p>
        <p>
          <Link to={paths.forgotPassword}>{PASSWORD_RESET.askAgain}</Link>
        </p>
      </Alert>
    </div>
  );
}

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
  const { values, errors, setField, validate, prepare } = useFormState(newPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  });
  const [pending, setPending] = useState(false);
  const [linkProblem, setLinkProblem] = useState(token === '');
  const [serverError, setServerError] = useState<string | undefined>();
  const navigate = useNavigate();

  const tokenInAddress = tokenIn(location) !== '';
  useEffect(() => {
    // Replaces the history entry (history.replaceState): the address bar and Back no longer show the token.
    if (tokenInAddress) navigate({ pathname: location.pathname }, { replace: true, state: location.state });
  }, [tokenInAddress, navigate, location.pathname, location.state]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const parsed = await validate();
    if (!parsed.success) return;
    setPending(true);
    const outcome = await confirmPasswordReset(token, parsed.data.password);
    setPending(false);
    if (outcome.ok) {
      toast(PASSWORD_RESET.passwordSet);
      navigate(paths.login, { replace: true });
    } else if (outcome.kind === 'network') {
      toast({ title: TOASTS.error, description: TOASTS.networkError, variant: 'destructive' });
    } else if (outcome.status === 400 && isPasswordRuleMessage(outcome.serverMessage)) {
      // The link is good; the password broke a rule only the server knows (a common password).
      setServerError(outcome.serverMessage);
    } else if (outcome.status >= 400 && outcome.status < 500 && outcome.status !== 429) {
      setLinkProblem(true);
    } else {
      toast({ title: TOASTS.error, description: outcome.serverMessage || TOASTS.networkError, variant: 'destructive' });
    }
  };

  const passwordError = errors.password ?? serverError;
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
        <LinkProblem />
      ) : (
        <form className="ll-form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-label="Choose a new password">
          <PasswordField
            label="New password"
            name="password"
            kind="new"
            value={values.password}
            error={passwordError}
            onChange={(v) => {
              setServerError(undefined);
              setField('password', v);
            }}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            kind="confirm"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(v) => setField('confirmPassword', v)}
          />
          <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
            {pending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
