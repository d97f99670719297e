import { useCallback, useEffect, useState } from 'react';
import { fetchVerification, type VerificationOutcome } from '../api/fetchVerification';

export type VerificationState = { kind: 'checking' } | VerificationOutcome;

/** Checks the code when the page opens and again on Retry. */
export function useVerification(code: string) {
  const [state, setState] = useState<VerificationState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'checking' });
    fetchVerification(code, controller.signal).then(setState, () => undefined);
    return () => controller.abort();
  }, [code, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
