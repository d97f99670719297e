import { SessionTextFields, type FormCardProps } from './SessionTextFields';
import type { VehicleAsked } from '../utils/validation';

/** The car's registration and its two odometer readings, each optional unless the family's state's log book asks it. */
export function VehicleFields({ asked, ...card }: FormCardProps & { asked: VehicleAsked }) {
  const optional = (label: string, isAsked: boolean) => (isAsked ? label : `${label} (optional)`);
  const reading = { autoComplete: 'off', inputMode: 'numeric' } as const;
  const fields = [
    {
      field: 'vehicleRegistration',
      label: optional('Registration', asked.registration),
      input: { autoComplete: 'off', autoCapitalize: 'characters' },
    },
    { field: 'odometerStart', label: optional('Odometer at start (km)', asked.odometer), input: reading },
    { field: 'odometerEnd', label: optional('Odometer at end (km)', asked.odometer), input: reading },
  ] as const;
  return (
    <div className="lls-fields lls-fields--3">
      <SessionTextFields fields={fields} {...card} />
    </div>
  );
}
