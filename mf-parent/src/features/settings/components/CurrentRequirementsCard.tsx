import { Card } from '@logbook/ui/shared';
import type { TargetHours } from '@logbook/contracts/view';

/** The targets in effect now and their sum, the Total Required Hours. */
export function CurrentRequirementsCard({ targets }: { targets: TargetHours }) {
  return (
    <Card
      className="pp-settings__requirements"
      title="Current Requirements"
      headingLevel={2}
      data-testid="current-requirements"
    >
      <dl className="pp-requirements">
        <div>
          <dt>Daytime hours</dt>
          <dd data-testid="requirement-day">{targets.day}</dd>
        </div>
        <div>
          <dt>Nighttime hours</dt>
          <dd data-testid="requirement-night">{targets.night}</dd>
        </div>
        <div className="pp-requirements__total">
          <dt>Total Required Hours</dt>
          <dd data-testid="requirement-total">{targets.day + targets.night}</dd>
        </div>
      </dl>
    </Card>
  );
}
