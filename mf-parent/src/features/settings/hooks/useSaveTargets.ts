import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { toast } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import type { Setting } from '@logbook/contracts/view';
import { SETTINGS_KEY } from '../../../lib/apiKeys';
import { refreshProgressSummaries } from '../../../lib/progressSummaries';
import { followStateRule, saveFamilyState, saveSetting } from '../api/settings';

/** Saves both targets (and the state whose rule filled them, so its instructor-lesson rule counts), then refreshes the settings and every progress summary that used the old ones. */
export function useSaveTargets() {
  const [pending, setPending] = useState(false);
  const { cache, mutate } = useSWRConfig();

  const save = async (
    existing: readonly Setting[],
    targets: { dayTimeTargetHours: number; nightTimeTargetHours: number },
    stateCode: string | null = null,
    followState = false,
  ) => {
    setPending(true);
    try {
      if (followState) {
        await followStateRule();
      } else {
        await saveSetting(existing, 'dayTimeTargetHours', targets.dayTimeTargetHours);
        await saveSetting(existing, 'nightTimeTargetHours', targets.nightTimeTargetHours);
      }
      if (stateCode) await saveFamilyState(stateCode);
      toast({
        title: TOASTS.settingsUpdated,
        description: followState
          ? "Targets now follow your state's rule for each learner's age."
          : `Targets are now ${targets.dayTimeTargetHours} day and ${targets.nightTimeTargetHours} night hours.`,
      });
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.settingsFailed, variant: 'destructive' });
    } finally {
      await Promise.all([mutate(SETTINGS_KEY), refreshProgressSummaries(cache, mutate)]);
      setPending(false);
    }
  };

  return { save, pending };
}
