import useSWR from 'swr';
import type { Setting } from '@logbook/contracts/view';
import { SETTINGS_KEY } from '../../../lib/apiKeys';
import { fetchSettings } from '../api/settings';

/** The account's settings as [{ key, value }]. */
export function useSettings(enabled = true) {
  return useSWR<Setting[]>(enabled ? SETTINGS_KEY : null, fetchSettings, { revalidateOnMount: true });
}
