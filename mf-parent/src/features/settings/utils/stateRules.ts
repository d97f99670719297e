import { localDateISO } from '@logbook/contracts/view';
import {
  isStateCode,
  ruleOn,
  STATE_RULES,
  SUGGESTED_STATE,
  targetsForState,
  type StateRule,
} from '@logbook/contracts/state-rules';
import type { TargetHours } from '@logbook/contracts/view';

/** The suggested state first, then the rest in the table's order. */
export const STATE_RULES_SUGGESTED_FIRST: readonly StateRule[] = [
  ...STATE_RULES.filter((rule) => rule.code === SUGGESTED_STATE),
  ...STATE_RULES.filter((rule) => rule.code !== SUGGESTED_STATE),
];

/** A state without required hours has nothing to apply: targets of 0 would show every learner as finished. */
export const hasRequirement = (rule: StateRule) => rule.totalHours > 0;

/** '120 hours, including 20 at night', with the rule's condition ('for learners under 25') when it has one. */
export function requirementText(rule: StateRule): string {
  if (!hasRequirement(rule)) return 'No logged hours are required';
  const base = `${rule.totalHours} hours, including ${rule.nightHours} at night`;
  return rule.note ? `${base}, ${rule.note}` : base;
}

/** The publisher's site as people say it: 'nsw.gov.au'. */
export function sourceSite(rule: StateRule): string {
  return new URL(rule.source).hostname.replace(/^www\./, '');
}

/** What applying a state's rules puts in the form: 'New South Wales: 100 day and 20 night hours.' */
export function appliedText(rule: StateRule): string {
  const targets = targetsForState(rule.code);
  return `The rules of ${rule.name} give ${targets.day} day and ${targets.night} night hours. Save Changes to use them.`;
}

/** What Reset to Defaults says: the family's state's rule, which then sets each learner's targets for their age. */
export function resetText(rule: StateRule): string {
  const targets = targetsForState(rule.code);
  return `The rule of ${rule.name}: ${targets.day} day and ${targets.night} night hours, set for each learner's age. Save Changes to follow it.`;
}

/** Whether the saved targets are the ones this state's rules give. */
export function matchesTargets(rule: StateRule, targets: TargetHours): boolean {
  if (!hasRequirement(rule)) return false;
  const fromRule = targetsForState(rule.code);
  return fromRule.day === targets.day && fromRule.night === targets.night;
}

/** What the family's state (South Australia until one is chosen) asks of a supervising driver today. */
export function supervisorRuleOf(state: string | undefined): { stateName: string; fullLicenceYears: number } {
  const rule = ruleOn(isStateCode(state) ? state : SUGGESTED_STATE, localDateISO());
  return { stateName: rule.name, fullLicenceYears: rule.supervisor.fullLicenceYears };
}
