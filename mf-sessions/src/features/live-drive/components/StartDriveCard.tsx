import { Button, Card } from '@logbook/ui/shared';

export interface StartDriveCardProps {
  /** Starts a drive; without it Start Drive is shown but not offered (no active subscription, or not yet known). */
  onStart?: () => void;
  /** The card title's level, so the card fits the outline of the screen it is on. */
  headingLevel?: 2 | 3;
}

/** The live drive card while no drive is running: Start Drive. */
export function StartDriveCard({ onStart, headingLevel = 3 }: StartDriveCardProps) {
  return (
    <Card
      className="lls-live"
      title="Live drive"
      headingLevel={headingLevel}
      description="Time a drive as it happens: the times and suburbs fill themselves in."
    >
      <Button onClick={onStart} disabled={!onStart} className="lls-live__start">
        Start Drive
      </Button>
    </Card>
  );
}
