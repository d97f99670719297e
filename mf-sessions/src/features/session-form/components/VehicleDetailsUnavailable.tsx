import { Card } from '@logbook/ui/shared';
import { VehicleFields } from './VehicleFields';
import type { FormCardProps } from './SessionTextFields';
import type { VehicleAsked } from '../utils/validation';

/**
 * In place of the vehicle card when its code cannot be fetched (offline before it was ever opened): where the family's
 * state's log book records the car, its three fields plainly, so the entry queued is one the server takes; else a note.
 */
export function VehicleDetailsUnavailable(props: FormCardProps & { asked: VehicleAsked }) {
  const { asked } = props;
  if (!asked.registration && !asked.odometer) {
    return <p className="lls-live__note">The vehicle's details can be added once you are online.</p>;
  }
  return (
    <Card
      title="Vehicle"
      headingLevel={2}
      description="Your state's log book records the car and its odometer readings on every drive."
    >
      <VehicleFields {...props} />
    </Card>
  );
}
