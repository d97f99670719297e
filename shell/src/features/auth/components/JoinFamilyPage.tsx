import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { Spinner } from '@logbook/ui/Spinner';
import { FAMILY_MESSAGES } from '@logbook/contracts/family-rules';
import { TOASTS } from '@logbook/contracts/messages';
import { paths } from '@logbook/shell-context/routes';
import { toast } from '@logbook/shell-context/toasts';
import { joinFamily, openInvitation, signedInEmail, type InvitationOutcome } from '../api/family';
import { noteSignedIn } from '../lib/noteSignedIn';
import { AuthLayout } from './AuthLayout';
import { JoinAccountForm } from './JoinAccountForm';

type Opened =
  { kind: 'ok'; email: string; signedInAs: string | null } | Exclude<InvitationOutcome<unknown>, { kind: 'ok' }>;

function Problem({ outcome }: { outcome: Exclude<Opened, { kind: 'ok' }> }) {
  if (outcome.kind === 'deadLink')
    return (
      <Alert variant="warning" title="This link no longer works">
        <p>{FAMILY_MESSAGES.deadLink}</p>
      </Alert>
    );
  if (outcome.kind === 'refused')
    return (
      <Alert variant="destructive" title="You cannot join this family yet">
        <p>{outcome.message}</p>
      </Alert>
    );
  return (
    <Alert variant="destructive" title="Something went wrong">
      <p>{TOASTS.networkError}</p>
    </Alert>
  );
}

/**
 * /join#<token>, public: an adult invited to a family opens the emailed link, signs in or registers, and joins. The
 * token is in the fragment, which the browser never sends; the page sends it in a request's body.
 */
export function JoinFamilyPage() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [mode, setMode] = useState<'join' | 'signIn' | 'register'>('register');
  const [joining, setJoining] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const found = await openInvitation(token);
      if (found.kind !== 'ok') return live && setOpened(found);
      const signedInAs = await signedInEmail();
      if (!live) return;
      setMode(signedInAs ? 'join' : 'register');
      setOpened({ kind: 'ok', email: found.answer.email, signedInAs });
    })();
    return () => {
      live = false;
    };
  }, [token]);

  const join = async () => {
    setJoining(true);
    const joined = await joinFamily(token);
    setJoining(false);
    if (joined.kind !== 'ok') {
      setOpened(joined);
      outcome.current?.focus();
      return;
    }
    toast({ title: FAMILY_MESSAGES.joined });
    await noteSignedIn();
    navigate(paths.dashboard, { replace: true });
  };

  return (
    <AuthLayout
      title="Join a family"
      description="You were invited to share a family's learner log books as a guardian, with a login of your own."
    >
      <div ref={outcome} tabIndex={-1} className="auth__outcome">
        {!opened && <Spinner label="Opening your invitation…" />}
        {opened && opened.kind !== 'ok' && <Problem outcome={opened} />}
      </div>
      {opened?.kind === 'ok' && mode === 'join' && opened.signedInAs && (
        <div className="ll-form">
          <p>
            You are signed in as <strong>{opened.signedInAs}</strong>.
          </p>
          <Button size="lg" className="ll-btn--block" pending={joining} onClick={() => void join()}>
            {joining ? 'Joining...' : 'Join the family'}
          </Button>
          <p className="ll-panel__switch">
            Not you?{' '}
            <Button variant="link" onClick={() => setMode('signIn')}>
              Sign in with another account
            </Button>
          </p>
        </div>
      )}
      {opened?.kind === 'ok' && mode !== 'join' && (
        <>
          <JoinAccountForm key={mode} mode={mode} email={opened.email} onSignedIn={join} />
          <p className="ll-panel__switch">
            {mode === 'register' ? 'Already have an account? ' : 'New here? '}
            <Button variant="link" onClick={() => setMode(mode === 'register' ? 'signIn' : 'register')}>
              {mode === 'register' ? 'Sign in' : 'Create an account'}
            </Button>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
