import { DEFAULT_SETTINGS, SETTING_KEYS, type SettingKey } from '@logbook/contracts/constants';
import { targetsFromSettings, type TargetHours } from '@logbook/contracts/progress';
import type { Setting } from '@logbook/contracts/schemas';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { SettingModel } from './model';

/** A setting as the API answers it. */
export type SettingView = Setting;

/** Every known setting of an account, with the defaults for those never set. */
export async function settingsOf(userId: number): Promise<SettingView[]> {
  const stored = await SettingModel.find({ userId, key: { $in: [...SETTING_KEYS] } })
    .select({ key: 1, value: 1 })
    .lean();
  return SETTING_KEYS.map((key) => ({
    key,
    value: stored.find((s) => s.key === key)?.value ?? String(DEFAULT_SETTINGS[key]),
  }));
}

export async function targetsOf(userId: number): Promise<TargetHours> {
  return targetsFromSettings(await settingsOf(userId));
}

/** Set one value for one account; creating and changing are the same call, so a repeat changes nothing more. */
export async function saveSetting(userId: number, key: SettingKey, value: number): Promise<SettingView> {
  const update = { $set: { value: String(value), updatedAt: new Date() } };
  try {
    await SettingModel.updateOne({ userId, key }, update, { upsert: true });
  } catch (err) {
    // Two first saves at once: the loser's insert meets the unique index, and the row now exists to update.
    if (!isDuplicateKey(err)) throw err;
    await SettingModel.updateOne({ userId, key }, update);
  }
  return { key, value: String(value) };
}
