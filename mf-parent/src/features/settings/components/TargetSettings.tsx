import { useState } from 'react';
import type { Setting, TargetHours } from '@logbook/contracts/view';
import { isStateCode, STATE_RULES, SUGGESTED_STATE, targetsForState } from '@logbook/contracts/state-rules';
import { useSaveTargets } from '../hooks/useSaveTargets';
import { useTargetHoursForm } from '../hooks/useTargetHoursForm';
import { settingsFormFromTargets } from '../utils/settingsForm';
import { appliedText, resetText } from '../utils/stateRules';
import { CurrentRequirementsCard } from './CurrentRequirementsCard';
import { StateRulesCard } from './StateRulesCard';
import { TARGET_HOURS_FORM_ID, TargetHoursForm } from './TargetHoursForm';

/** The target-hours form with the state rules that fill it, and the requirements saved now. */
export function TargetSettings({ settings, targets }: { settings: readonly Setting[]; targets: TargetHours }) {
  const form = useTargetHoursForm(settingsFormFromTargets(targets));
  const { save, pending } = useSaveTargets();
  // The state whose rule was applied last: saved with the targets as the family's state.
  const [appliedState, setAppliedState] = useState<string | null>(null);
  const chosen = settings.find((s) => s.key === 'state')?.value;
  const familyState = isStateCode(chosen) ? chosen : SUGGESTED_STATE;
  const familyRule = STATE_RULES.find((r) => r.code === familyState)!;

  return (
    <div className="pp-settings">
      <TargetHoursForm
        form={form}
        pending={pending}
        onSave={(values) => save(settings, values, appliedState, form.followsState)}
        onReset={() => form.reset(targetsForState(familyState), resetText(familyRule))}
      />
      <CurrentRequirementsCard targets={targets} />
      <StateRulesCard
        savedTargets={targets}
        disabled={pending}
        onApply={(rule) => {
          form.apply(targetsForState(rule.code), appliedText(rule));
          setAppliedState(rule.code);
          // On a phone the form is a screen above the list: bring it into view so the new numbers are seen.
          document.getElementById(TARGET_HOURS_FORM_ID)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
        }}
      />
    </div>
  );
}
