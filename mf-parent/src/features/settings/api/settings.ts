import { apiFetch, apiRequest } from '@logbook/shell-context/shared';
import { settingListAnswer } from '@logbook/contracts/view';
import type { Setting, SettingKey } from '@logbook/contracts/view';
import { SETTINGS_KEY } from '../../../lib/apiKeys';

export async function fetchSettings(key: string): Promise<Setting[]> {
  return apiFetch(key, settingListAnswer);
}

/** PUT /api/settings/:key when the key already exists, POST /api/settings (the key in the body) for a new one. */
export async function saveSetting(existing: readonly Setting[], key: SettingKey, value: number): Promise<void> {
  if (existing.some((s) => s.key === key)) {
    await apiRequest('PUT', `${SETTINGS_KEY}/${key}`, { value: String(value) });
  } else {
    await apiRequest('POST', SETTINGS_KEY, { key, value: String(value) });
  }
}

/** Reset to Defaults: drop the family's own targets, so its state's rule sets each learner's. */
export async function followStateRule(): Promise<void> {
  await apiRequest('DELETE', `${SETTINGS_KEY}/targets`);
}

/** The family's state or territory: whose rule, instructor lessons included, their hours count under. */
export async function saveFamilyState(code: string): Promise<void> {
  await apiRequest('PUT', `${SETTINGS_KEY}/state`, { value: code });
}
