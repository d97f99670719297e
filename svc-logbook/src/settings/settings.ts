import { DEFAULT_SETTINGS, SETTING_KEYS, type SettingKey } from '@logbook/contracts/constants';
import { targetsFromSettings, type TargetHours } from '@logbook/contracts/progress';
import {
  instructorBonusOf,
  isStateCode,
  SUGGESTED_STATE,
  type InstructorBonusRule,
  type StateRule,
} from '@logbook/contracts/state-rules';
import type { Setting } from '@logbook/contracts/schemas';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { SettingModel } from './model';

/** A setting as the API answers it. */
export type SettingView = Setting;

/** The family's state, kept with the settings: its rules decide how instructor lessons count. */
export const STATE_SETTING = 'state';

async function storedSettings(userId: number) {
  return SettingModel.find({ userId, key: { $in: [...SETTING_KEYS, STATE_SETTING] } })
    .select({ key: 1, value: 1 })
    .lean();
}

/** Every known setting of an account, with the defaults for those never set; the state only once chosen. */
export async function settingsOf(userId: number): Promise<SettingView[]> {
  const stored = await storedSettings(userId);
  const views: SettingView[] = SETTING_KEYS.map((key) => ({
    key,
    value: stored.find((s) => s.key === key)?.value ?? String(DEFAULT_SETTINGS[key]),
  }));
  const state = stored.find((s) => s.key === STATE_SETTING)?.value;
  if (isStateCode(state)) views.push({ key: STATE_SETTING, value: state });
  return views;
}

export async function targetsOf(userId: number): Promise<TargetHours> {
  return targetsFromSettings(await settingsOf(userId));
}

/** The family's targets and its state's instructor bonus (South Australia's until a state is chosen). */
export async function familyRulesOf(
  userId: number,
): Promise<{ targets: TargetHours; state: StateRule['code']; bonusRule: InstructorBonusRule | null }> {
  const settings = await settingsOf(userId);
  const chosen = settings.find((s) => s.key === STATE_SETTING)?.value;
  const state = isStateCode(chosen) ? chosen : SUGGESTED_STATE;
  return { targets: targetsFromSettings(settings), state, bonusRule: instructorBonusOf(state) };
}

/** Choose the family's state (a code of STATE_RULES). */
export async function saveState(userId: number, code: StateRule['code']): Promise<SettingView> {
  await saveValue(userId, STATE_SETTING, code);
  return { key: STATE_SETTING, value: code };
}

/** Set one value for one account; creating and changing are the same call, so a repeat changes nothing more. */
export async function saveSetting(userId: number, key: SettingKey, value: number): Promise<SettingView> {
  await saveValue(userId, key, String(value));
  return { key, value: String(value) };
}

async function saveValue(userId: number, key: string, value: string): Promise<void> {
  const update = { $set: { value, updatedAt: new Date() } };
  try {
    await SettingModel.updateOne({ userId, key }, update, { upsert: true });
  } catch (err) {
    // Two first saves at once: the loser's insert meets the unique index, and the row now exists to update.
    if (!isDuplicateKey(err)) throw err;
    await SettingModel.updateOne({ userId, key }, update);
  }
}
