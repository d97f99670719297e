import { useEffect } from 'react';
import type { SWRResponse } from 'swr';

/**
 * Signing out clears every cached answer. An answer to a request that began before that (the last account's) is set
 * aside by swr, and a screen of the next account that joined that request is left with no data, no error and nothing
 * under way. Such a screen asks again, with the account now signed in.
 */
export function useAskAgainIfSetAside<T>(swr: SWRResponse<T>, enabled: boolean) {
  const setAside = enabled && swr.data === undefined && swr.error === undefined && !swr.isValidating;
  const { mutate } = swr;
  useEffect(() => {
    if (setAside) void mutate();
  }, [setAside, mutate]);
}
