import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@logbook/ui/Button';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import { paths } from '@logbook/shell-context/routes';
import { loadApiClient, login } from '../api/submitAuth';
import { useFormState } from '../hooks/useFormState';
import { noteSignedIn } from '../lib/noteSignedIn';
import { toastFailure } from '../lib/toastFailure';
import { AuthLayout } from './AuthLayout';
import { EmailField, PasswordField } from './AuthFields';
import './passwordPages.css';

export function LoginPage() {
  const { field, prepare, pending, submit } = useFormState(
    (schemas) => schemas.loginSchema,
    {
      email: '',
      password: '',
    },
    loadApiClient,
  );
  const navigate = useNavigate();

  const onSubmit = submit(async (credentials) => {
    const outcome = await login(credentials);
    if (!outcome.ok) return toastFailure(TOASTS.loginFailed, outcome, TOASTS.invalidCredentials);
    toast(TOASTS.loginSuccess);
    await noteSignedIn();
    navigate(paths.dashboard);
  });

  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back. Sign in to manage your students and their driving sessions."
      footer={
        <>
          Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
        </>
      }
    >
      <form className="ll-form" onSubmit={onSubmit} onFocus={prepare} noValidate aria-label="Sign in">
        <EmailField {...field('email')} />
        <PasswordField label="Password" name="password" kind="current" {...field('password')} />
        <p className="auth__forgot">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <Button type="submit" size="lg" className="ll-btn--block" pending={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
