import { lazy, Suspense } from 'react';
import { loadRemoteSignOff, type RemoteSignOff } from '../hooks/useRemoteSignOff';
import type { FormCardProps } from './SessionTextFields';
import { SignatureCard } from './SignatureCard';

const RemoteSignOffEmail = lazy(loadRemoteSignOff);

export interface SupervisorSignatureCardProps extends FormCardProps {
  disabled: boolean;
  /** A correction is signed here: it offers no signing by email. */
  correcting: boolean;
  remote: RemoteSignOff;
  /** The chosen saved supervisor's address, when the family keeps one. */
  savedEmail: () => string | null | undefined;
}

/** The supervisor signs here, or is asked by email to sign on their own phone. */
export function SupervisorSignatureCard({ correcting, remote, savedEmail, ...card }: SupervisorSignatureCardProps) {
  const { email, error: emailError, choose, change } = remote;
  const choice = !correcting && (
    <label className="lls-check">
      <input
        type="checkbox"
        name="remoteSignOff"
        checked={email !== null}
        onChange={(e) => choose(e.target.checked, savedEmail())}
      />
      Ask the supervisor to sign
    </label>
  );
  const replacement =
    email === null ? undefined : (
      <Suspense fallback={null}>
        <RemoteSignOffEmail value={email} error={emailError} disabled={card.disabled} onChange={change} />
      </Suspense>
    );
  return (
    <SignatureCard
      {...card}
      field="supervisorSignature"
      title="Supervising Driver Signature"
      padLabel="Supervisor's signature"
      choice={choice}
      replacement={replacement}
    />
  );
}
