import { useId } from 'react';
import { Card } from '@logbook/ui/shared';
import type { Vehicle } from '@logbook/contracts/view';
import type { FormCardProps } from './SessionTextFields';
import { odometerDistance, type VehicleAsked } from '../utils/validation';
import { ChoiceOption } from './ChoiceOption';
import { VehicleFields } from './VehicleFields';

export interface VehicleDetailsCardProps extends FormCardProps {
  /** The family's cars, most recently used first. */
  vehicles: readonly Vehicle[];
  /** What the family's state's log book records about the vehicle on every drive. */
  asked: VehicleAsked;
}

const samePlate = (a: string, b: string) => a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

/** The car driven and its odometer readings: optional, unless the family's state's log book records them. */
export default function VehicleDetailsCard({ values, errors, onChange, vehicles, asked }: VehicleDetailsCardProps) {
  const groupName = useId();
  const { registration, odometer } = asked;

  const chosen = vehicles.find((v) => samePlate(v.registration, values.vehicleRegistration));
  const pick = (vehicle: Vehicle | null) => {
    if (!vehicle) {
      if (chosen) onChange('vehicleRegistration', '');
      return;
    }
    onChange('vehicleRegistration', vehicle.registration);
    // The car's odometer where its last drive ended is where this one starts, unless a reading is typed already.
    if (vehicle.lastOdometer !== null && !values.odometerStart.trim()) {
      onChange('odometerStart', String(vehicle.lastOdometer));
    }
  };
  const distance = odometerDistance(values);

  return (
    <Card
      title="Vehicle"
      headingLevel={2}
      description={
        registration || odometer
          ? "Your state's log book records the car and its odometer readings on every drive."
          : 'The car driven and its odometer readings, if you keep them.'
      }
    >
      {vehicles.length > 0 && (
        <fieldset className="lls-supervisor-choice">
          <legend>Which car?</legend>
          {vehicles.map((v) => (
            <ChoiceOption
              key={v.registration}
              group={groupName}
              value={v.registration}
              checked={chosen?.registration === v.registration}
              onChoose={() => pick(v)}
              title={v.registration}
              note={v.lastOdometer !== null && `Last reading ${v.lastOdometer} km`}
            />
          ))}
          <ChoiceOption
            group={groupName}
            value="other"
            checked={!chosen}
            onChoose={() => pick(null)}
            title="Another car"
          />
        </fieldset>
      )}
      <VehicleFields values={values} errors={errors} onChange={onChange} asked={asked} />
      <p className="lls-live__note" aria-live="polite" data-testid="odometer-distance">
        {distance !== null ? `Distance: ${distance} km` : ''}
      </p>
    </Card>
  );
}
