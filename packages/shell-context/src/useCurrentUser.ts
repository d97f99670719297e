import { useEffect } from 'react';
import useSWR from 'swr';
import type { PublicUser } from '@logbook/contracts/view';
import { forgetAccount, noteAccount, parentAccount } from '@logbook/session-device/deviceAccount';
import { rememberSignedIn } from './signedInHint';
import { fetcherOr401Null } from './swrConfig';

export const CURRENT_USER_KEY = '/api/user';

/**
 * The signed-in parent, null when signed out; a network failure is an error, not a sign-out. The answer also decides
 * whose drafts and waiting sessions this device shows (offline, the last account known stays).
 */
export function useCurrentUser(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<PublicUser | null>(
    enabled ? CURRENT_USER_KEY : null,
    fetcherOr401Null,
  );
  useEffect(() => {
    if (data === undefined) return;
    rememberSignedIn(data !== null);
    if (data) noteAccount(parentAccount(data.id));
    else forgetAccount('parent');
  }, [data]);
  return { user: data ?? null, error, isLoading, mutate };
}
