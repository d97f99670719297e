import { useState } from 'react';

const NEEDS_CONNECTION = 'Asking by email needs a connection on this device first: sign here, or try again online.';

// Asking the supervisor to sign on their own phone: the email field's code is fetched when that is chosen. Offline,
// before it ever was, the choice says so and the entry cannot be sent that way; what was typed stays.
export const loadRemoteSignOff = () =>
  import('../components/RemoteSignOffEmail').catch(() => ({
    default: () => (
      <p className="ll-field__error" role="alert">
        {NEEDS_CONNECTION}
      </p>
    ),
    emailProblem: () => NEEDS_CONNECTION,
  }));

export interface RemoteSignOff {
  /** Where to email the signing link; null while the supervisor signs on this device. */
  email: string | null;
  /** The address's problem, once checked. */
  error: string | undefined;
  /** Asked (starting from the saved supervisor's address, if any) or signed here after all. */
  choose: (asked: boolean, savedEmail: string | null | undefined) => void;
  change: (next: string) => void;
  /** The address checked before sending: its problem, shown, or undefined. */
  check: (emailProblem: (email: string) => string | undefined) => string | undefined;
}

/** Whether the supervisor is asked by email to sign on their own phone, and at which address. */
export function useRemoteSignOff(): RemoteSignOff {
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const choose = (asked: boolean, savedEmail: string | null | undefined) => {
    setEmail(asked ? (savedEmail ?? '') : null);
    setError(undefined);
  };

  const change = (next: string) => {
    setEmail(next);
    if (error) void loadRemoteSignOff().then((m) => setError(m.emailProblem(next)));
  };

  const check = (emailProblem: (email: string) => string | undefined) => {
    const problem = email === null ? undefined : emailProblem(email);
    setError(problem);
    return problem;
  };

  return { email, error, choose, change, check };
}
