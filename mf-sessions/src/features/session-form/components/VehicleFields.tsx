import { TextField } from '@logbook/ui/shared';
import type { FormCardProps } from './SessionDetailsCard';
import type { VehicleAsked } from '../utils/validation';

/** The car's registration and its two odometer readings, each optional unless the family's state's log book asks it. */
export function VehicleFields({ values, errors, onChange, asked }: FormCardProps & { asked: VehicleAsked }) {
  const optional = (label: string, isAsked: boolean) => (isAsked ? label : `${label} (optional)`);
  const fields = [
    ['vehicleRegistration', optional('Registration', asked.registration)],
    ['odometerStart', optional('Odometer at start (km)', asked.odometer)],
    ['odometerEnd', optional('Odometer at end (km)', asked.odometer)],
  ] as const;
  return (
    <div className="lls-fields lls-fields--3">
      {fields.map(([field, label]) => (
        <TextField
          key={field}
          label={label}
          error={errors[field]}
          name={field}
          autoComplete="off"
          {...(field === 'vehicleRegistration' ? { autoCapitalize: 'characters' } : { inputMode: 'numeric' })}
          value={values[field]}
          onChange={(e) => onChange(field, e.target.value)}
        />
      ))}
    </div>
  );
}
