import { apiRequest } from '@logbook/shell-context/apiClient';
import { fetcher } from '@logbook/shell-context/swrConfig';
import { settingSchema, type Setting } from '@logbook/contracts/schemas';
import type { SettingKey } from '@logbook/contracts/constants';
import { SETTINGS_KEY } from '../../../lib/apiKeys';

const settingListSchema = settingSchema.array();

export async function fetchSettings(key: string): Promise<Setting[]> {
  return settingListSchema.parse(await fetcher(key));
}

/** PUT /api/settings/:key when the key already exists, POST /api/settings otherwise (spec §7). */
export async function saveSetting(existing: readonly Setting[], key: SettingKey, value: number): Promise<void> {
  if (existing.some((s) => s.key === key)) {
    await apiRequest('PUT', `${SETTINGS_KEY}/${key}`, { value: String(value) });
  } else {
    await apiRequest('POST', SETTINGS_KEY, { key, value: String(value) });
  }
}
