import { Badge, Button, Card } from '@logbook/ui/shared';
import { SUGGESTED_STATE, type StateRule } from '@logbook/contracts/state-rules';
import type { TargetHours } from '@logbook/contracts/view';
import {
  STATE_RULES_SUGGESTED_FIRST,
  hasRequirement,
  matchesTargets,
  requirementText,
  sourceSite,
} from '../utils/stateRules';

export interface StateRulesCardProps {
  /** The targets saved now, to mark the states whose rules they follow. */
  savedTargets: TargetHours;
  disabled: boolean;
  onApply: (rule: StateRule) => void;
}

/** 'Apply the rules of …' each Australian state and territory, with its requirement and where it is published. */
export function StateRulesCard({ savedTargets, disabled, onApply }: StateRulesCardProps) {
  return (
    <Card
      className="pp-settings__rules"
      title="State and territory rules"
      description="Apply the supervised driving hours your state or territory asks of a learner: the night target becomes its night hours and the day target the rest. You can still change both before saving."
      headingLevel={2}
      data-testid="state-rules"
    >
      <ul className="pp-rules" aria-label="Learner hours by state and territory">
        {STATE_RULES_SUGGESTED_FIRST.map((rule) => (
          <li key={rule.code} className="pp-rule" data-testid={`state-rule-${rule.code}`}>
            <div className="pp-rule__info">
              <p className="pp-rule__name">
                <span>{rule.name}</span>
                {rule.code === SUGGESTED_STATE && <Badge variant="info">Suggested</Badge>}
                {matchesTargets(rule, savedTargets) && <Badge variant="success">Your targets</Badge>}
              </p>
              <p className="pp-rule__requirement">{requirementText(rule)}</p>
              <p className="pp-rule__source">
                Source:{' '}
                <a href={rule.source} target="_blank" rel="noopener noreferrer">
                  {sourceSite(rule)}
                  <span className="ll-visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            </div>
            {hasRequirement(rule) ? (
              <Button
                variant="outline"
                size="sm"
                className="pp-rule__apply"
                aria-label={`Apply the rules of ${rule.name}`}
                disabled={disabled}
                onClick={() => onApply(rule)}
              >
                Apply
              </Button>
            ) : (
              <p className="pp-rule__none">Nothing to apply: set targets that suit your learner.</p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
