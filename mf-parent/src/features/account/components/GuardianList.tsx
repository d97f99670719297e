import { Badge, Button } from '@logbook/ui/shared';
import type { Guardian } from '@logbook/contracts/view';

export interface GuardianListProps {
  guardians: Guardian[];
  /** Set for the billing owner, who alone removes the other guardians. */
  onRemove?: (guardian: Guardian) => void;
}

/** The family's guardians by email, marking the one asking and the one who holds the subscription. */
export function GuardianList({ guardians, onRemove }: GuardianListProps) {
  return (
    <ul className="pp-rows" aria-label="Guardians">
      {guardians.map((g) => (
        <li key={g.id} className="pp-rows__item" data-testid="guardian">
          <div className="acc-guardians__who">
            <strong>{g.email}</strong>
            <span className="acc-guardians__badges">
              {g.you && <Badge variant="info">You</Badge>}
              {g.billingOwner && <Badge variant="outline">Holds the subscription</Badge>}
            </span>
          </div>
          {onRemove && !g.you && (
            <Button variant="ghost" size="sm" onClick={() => onRemove(g)} aria-label={`Remove ${g.email}`}>
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
