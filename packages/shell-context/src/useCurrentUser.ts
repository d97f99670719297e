import { useEffect } from 'react';
import useSWR from 'swr';
import type { PublicUser } from '@logbook/contracts/schemas';
import { rememberSignedIn } from './signedInHint';
import { fetcherOr401Null } from './swrConfig';

export const CURRENT_USER_KEY = '/api/user';

/**
 * The signed-in parent, null when signed out; a network failure is an error, not a sign-out. `answer` is the server's
 * answer itself: undefined until there is one (or while nobody asks), so a screen can tell "not known" from "nobody".
 */
export function useCurrentUser(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<PublicUser | null>(
    enabled ? CURRENT_USER_KEY : null,
    fetcherOr401Null,
  );
  useEffect(() => {
    if (data === undefined) return;
    rememberSignedIn(data !== null);
  }, [data]);
  return { user: data ?? null, answer: data, error, isLoading, mutate };
}
