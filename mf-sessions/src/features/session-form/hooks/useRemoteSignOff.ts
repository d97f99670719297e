import { useState } from 'react';

// Asking the supervisor to sign on their own phone: the email field's code is fetched when that is chosen.
export const loadRemoteSignOff = () => import('../components/RemoteSignOffEmail');

export type RemoteSignOff = [
  email: string | null,
  error: string | undefined,
  choose: (asked: boolean, savedEmail: string | null | undefined) => void,
  change: (next: string) => void,
  check: (emailProblem: (email: string) => string | undefined) => string | undefined,
];

/**
 * Where to email the supervisor's signing link (null while they sign on this device), the address's problem once
 * checked, and what changes and checks it.
 */
export function useRemoteSignOff(): RemoteSignOff {
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  /** Asked (starting from the saved supervisor's address, if any) or signed here after all. */
  const choose = (asked: boolean, savedEmail: string | null | undefined) => {
    setEmail(asked ? (savedEmail ?? '') : null);
    setError(undefined);
  };

  const change = (next: string) => {
    setEmail(next);
    if (error) void loadRemoteSignOff().then((m) => setError(m.emailProblem(next)));
  };

  /** The address checked before sending: its problem, shown, or undefined. */
  const check = (emailProblem: (email: string) => string | undefined) => {
    const problem = email === null ? undefined : emailProblem(email);
    setError(problem);
    return problem;
  };

  return [email, error, choose, change, check];
}
