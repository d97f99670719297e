import { Card, TextField } from '@logbook/ui/shared';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';
import type { SessionErrors } from '../utils/validation';
import { durationText } from '../utils/durationText';

export interface FormCardProps {
  values: SessionValues;
  errors: SessionErrors;
  onChange: (field: SessionField, value: string) => void;
}

/** When the drive happened: its date and times, each a field of the session. */
const WHEN = [
  ['date', 'Date', 'date'],
  ['startTime', 'Start Time', 'time'],
  ['endTime', 'End Time', 'time'],
] as const satisfies readonly (readonly [SessionField, string, string])[];

export function SessionDetailsCard({ values, errors, onChange }: FormCardProps) {
  return (
    <Card title="Session Details" headingLevel={2} description="When the drive happened.">
      <div className="lls-fields lls-fields--4">
        {WHEN.map(([field, label, type]) => (
          <TextField
            key={field}
            label={label}
            error={errors[field]}
            type={type}
            name={field}
            value={values[field]}
            onChange={(e) => onChange(field, e.target.value)}
          />
        ))}
        <TextField
          label="Duration"
          hint="An end before the start counts as the next day."
          name="duration"
          readOnly
          placeholder="Auto-calculated"
          value={durationText(values.startTime, values.endTime)}
        />
      </div>
    </Card>
  );
}
