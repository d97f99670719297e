import { Card, TextField } from '@logbook/ui/shared';
import { durationText } from '../utils/durationText';
import { SessionTextFields, type FormCardProps, type SessionTextField } from './SessionTextFields';

/** When the drive happened: its date and times, each a field of the session. */
const WHEN: SessionTextField[] = [
  { field: 'date', label: 'Date', input: { type: 'date' } },
  { field: 'startTime', label: 'Start Time', input: { type: 'time' } },
  { field: 'endTime', label: 'End Time', input: { type: 'time' } },
];

export function SessionDetailsCard({ values, errors, onChange }: FormCardProps) {
  return (
    <Card title="Session Details" headingLevel={2} description="When the drive happened.">
      <div className="lls-fields lls-fields--4">
        <SessionTextFields fields={WHEN} values={values} errors={errors} onChange={onChange} />
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
