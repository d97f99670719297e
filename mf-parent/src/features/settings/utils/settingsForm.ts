import { fieldErrors, settingsFormSchema } from '@logbook/contracts/schemas';
import type { TargetHours } from '@logbook/contracts/view';

/** What the two number inputs hold (text, as typed). */
export interface SettingsFormValues {
  dayTimeTargetHours: string;
  nightTimeTargetHours: string;
}

export type SettingsFormErrors = Partial<Record<keyof SettingsFormValues, string>>;

export const settingsFormFromTargets = (targets: TargetHours): SettingsFormValues => ({
  dayTimeTargetHours: String(targets.day),
  nightTimeTargetHours: String(targets.night),
});

/** Both targets whole numbers from 0 to 200, checked with the schema the server uses. */
export function validateSettingsForm(
  values: SettingsFormValues,
):
  | { ok: true; data: { dayTimeTargetHours: number; nightTimeTargetHours: number } }
  | { ok: false; errors: SettingsFormErrors } {
  const parsed = settingsFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error) as SettingsFormErrors };
}
