import { useId } from 'react';
import { Card, TextField } from '@logbook/ui/shared';
import type { Vehicle } from '@logbook/contracts/view';
import type { FormCardProps } from './SessionDetailsCard';
import { odometerDistance, type VehicleAsked } from '../utils/validation';

/** The two odometer readings, typed alike. */
const ODOMETER_FIELDS = [
  ['odometerStart', 'Odometer at start (km)'],
  ['odometerEnd', 'Odometer at end (km)'],
] as const;

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
  const optional = (label: string, isAsked: boolean) => (isAsked ? label : `${label} (optional)`);

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
            <label key={v.registration} className="lls-split__option">
              <input
                type="radio"
                name={groupName}
                value={v.registration}
                checked={chosen?.registration === v.registration}
                onChange={() => pick(v)}
              />
              <span>
                <strong>{v.registration}</strong>
                {v.lastOdometer !== null && (
                  <>
                    <br />
                    <span className="lls-live__note">Last reading {v.lastOdometer} km</span>
                  </>
                )}
              </span>
            </label>
          ))}
          <label className="lls-split__option">
            <input type="radio" name={groupName} value="other" checked={!chosen} onChange={() => pick(null)} />
            <span>
              <strong>Another car</strong>
            </span>
          </label>
        </fieldset>
      )}
      <div className="lls-fields lls-fields--3">
        <TextField
          label={optional('Registration', registration)}
          error={errors.vehicleRegistration}
          name="vehicleRegistration"
          autoComplete="off"
          autoCapitalize="characters"
          value={values.vehicleRegistration}
          onChange={(e) => onChange('vehicleRegistration', e.target.value)}
        />
        {ODOMETER_FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={optional(label, odometer)}
            error={errors[field]}
            name={field}
            inputMode="numeric"
            autoComplete="off"
            value={values[field]}
            onChange={(e) => onChange(field, e.target.value)}
          />
        ))}
      </div>
      <p className="lls-live__note" aria-live="polite" data-testid="odometer-distance">
        {distance !== null ? `Distance: ${distance} km` : ''}
      </p>
    </Card>
  );
}
