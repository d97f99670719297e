import { Card } from '@logbook/ui/Card';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';
import type { SessionErrors } from '../utils/validation';
import { durationText } from '../utils/durationText';
import { TextField } from '@logbook/ui/FormField';

export interface FormCardProps {
  values: SessionValues;
  errors: SessionErrors;
  onChange: (field: SessionField, value: string) => void;
}

export function SessionDetailsCard({ values, errors, onChange }: FormCardProps) {
  return (
    <Card title="Session Details" headingLevel={2} description="When the drive happened.">
      <div className="lls-fields lls-fields--4">
        <TextField
          label="Date"
          error={errors.date}
          type="date"
          name="date"
          value={values.date}
          onChange={(e) => onChange('date', e.target.value)}
        />
        <TextField
          label="Start Time"
          error={errors.startTime}
          type="time"
          name="startTime"
          value={values.startTime}
          onChange={(e) => onChange('startTime', e.target.value)}
        />
        <TextField
          label="End Time"
          error={errors.endTime}
          type="time"
          name="endTime"
          value={values.endTime}
          onChange={(e) => onChange('endTime', e.target.value)}
        />
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
