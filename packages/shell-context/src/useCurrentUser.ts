import { useEffect } from 'react';
import useSWR from 'swr';
import type { PublicUser } from '@logbook/contracts/schemas';
import { rememberSignedIn } from './signedInHint';
import { fetcherOr401Null } from './swrConfig';

export const CURRENT_USER_KEY = '/api/user';

/** The signed-in parent, null when signed out; a network failure is an error, not a sign-out. */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<PublicUser | null>(CURRENT_USER_KEY, fetcherOr401Null);
  useEffect(() => {
    if (data !== undefined) rememberSignedIn(data !== null);
  }, [data]);
  return { user: data ?? null, error, isLoading, mutate };
}
