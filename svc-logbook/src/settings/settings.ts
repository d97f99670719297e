import { SETTING_KEYS, type SettingKey } from '@logbook/contracts/constants';
import type { TargetHours } from '@logbook/contracts/progress';
import {
  learnerAgeFor,
  instructorBonusOf,
  isStateCode,
  ruleOn,
  SA_LESSON_CREDIT_FROM,
  stateRuleVersions,
  SUGGESTED_STATE,
  targetsFor,
  todayIso,
  vehicleRecordedOn,
  type InstructorBonusRule,
  type StateCode,
  type StateRuleVersion,
} from '@logbook/contracts/state-rules';
import type { Setting } from '@logbook/contracts/schemas';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { logbookConfig } from '../config';
import { SettingModel } from './model';

/** The family's state, kept with the settings: its rules decide the targets and how instructor lessons count. */
export const STATE_SETTING = 'state';
/** Whose targets are in force: 'state' (the state's rule for each learner's age) or 'family' (their own numbers). */
const TARGETS_FROM_SETTING = 'targetsFrom';

let versions: readonly StateRuleVersion[] | undefined;

/** The rule versions this service counts under: the lesson-credit date from the configuration when it is set. */
export function logbookRuleVersions(): readonly StateRuleVersion[] {
  versions ??= stateRuleVersions(logbookConfig().SA_LESSON_CREDIT_FROM ?? SA_LESSON_CREDIT_FROM);
  return versions;
}

async function storedSettings(userId: number) {
  return SettingModel.find({ userId, key: { $in: [...SETTING_KEYS, STATE_SETTING] } })
    .select({ key: 1, value: 1 })
    .lean();
}

/** The family's own targets once it set either (the state's rule fills the other), else null. */
function ownTargets(stored: ReadonlyArray<{ key: string; value: string }>, state: StateCode): TargetHours | null {
  const read = (key: SettingKey) => {
    const n = Number.parseInt(stored.find((s) => s.key === key)?.value ?? '', 10);
    return Number.isInteger(n) && n >= 0 && n <= 200 ? n : null;
  };
  const day = read('dayTimeTargetHours');
  const night = read('nightTimeTargetHours');
  if (day === null && night === null) return null;
  const fromRule = targetsFor(ruleOn(state, todayIso(), logbookRuleVersions()), null);
  return { day: day ?? fromRule.day, night: night ?? fromRule.night };
}

const stateOf = (stored: ReadonlyArray<{ key: string; value: string }>): StateCode => {
  const chosen = stored.find((s) => s.key === STATE_SETTING)?.value;
  return isStateCode(chosen) ? chosen : SUGGESTED_STATE;
};

/**
 * Every known setting of an account: the family's own targets, or its state's rule for a young learner when it has
 * none (South Australia's until a state is chosen); where they come from; the state only once chosen.
 */
export async function settingsOf(userId: number): Promise<Setting[]> {
  const stored = await storedSettings(userId);
  const state = stateOf(stored);
  const own = ownTargets(stored, state);
  const targets = own ?? targetsFor(ruleOn(state, todayIso(), logbookRuleVersions()), null);
  const views: Setting[] = [
    { key: 'dayTimeTargetHours', value: String(targets.day) },
    { key: 'nightTimeTargetHours', value: String(targets.night) },
    { key: TARGETS_FROM_SETTING, value: own ? 'family' : 'state' },
  ];
  const chosen = stored.find((s) => s.key === STATE_SETTING)?.value;
  if (isStateCode(chosen)) views.push({ key: STATE_SETTING, value: chosen });
  return views;
}

export interface FamilyRules {
  state: StateCode;
  /** The family's own targets, or null: the state's rule for the learner's age. */
  ownTargets: TargetHours | null;
  /** The lesson credit a session counts under: the state's rule in force on the session's date. */
  bonusRuleOn: (date: string) => InstructorBonusRule | null;
}

/**
 * What the family's state's log book records about the vehicle on a drive of this day (today unless given), under the
 * rule in force that day.
 */
export async function vehicleRecordedFor(
  userId: number,
  on: string = todayIso(),
): Promise<{ registration: boolean; odometer: boolean; state: StateCode }> {
  const state = stateOf(await storedSettings(userId));
  return { ...vehicleRecordedOn(state, on, logbookRuleVersions()), state };
}

export async function familyRulesOf(userId: number): Promise<FamilyRules> {
  const stored = await storedSettings(userId);
  const state = stateOf(stored);
  const all = logbookRuleVersions();
  return {
    state,
    ownTargets: ownTargets(stored, state),
    bonusRuleOn: (date) => instructorBonusOf(state, /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIso(), all),
  };
}

/** A learner's targets today: the family's own, else the state's rule for the learner's age. */
export function targetsOfLearner(
  rules: FamilyRules,
  learner: { dateOfBirth?: string | null; permitDate?: string | null },
): TargetHours {
  if (rules.ownTargets) return rules.ownTargets;
  const today = todayIso();
  const rule = ruleOn(rules.state, today, logbookRuleVersions());
  return targetsFor(rule, learnerAgeFor(rule, learner, today));
}

/**
 * Set one value for one account (hours, or the family's state as a code of STATE_CODES); creating and changing are the
 * same call, so a repeat changes nothing more.
 */
export async function saveSetting(
  userId: number,
  key: SettingKey | typeof STATE_SETTING,
  value: number | StateCode,
): Promise<Setting> {
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

/** Reset to Defaults: drop the family's own targets, so its state's rule sets them again. */
export async function followStateTargets(userId: number): Promise<Setting[]> {
  await SettingModel.deleteMany({ userId, key: { $in: [...SETTING_KEYS] } });
  return settingsOf(userId);
}
