import { Card } from '@logbook/ui/Card';
import { FormField } from '@logbook/ui/FormField';
import { Input } from '@logbook/ui/Input';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';
import type { SessionErrors } from '../utils/validation';
import { durationText } from '../utils/durationText';

export interface FormCardProps {
  values: SessionValues;
  errors: SessionErrors;
  onChange: (field: SessionField, value: string) => void;
}

export function SessionDetailsCard({ values, errors, onChange }: FormCardProps) {
  return (
    <Card title="Session Details" headingLevel={2} description="When the drive happened.">
      <div className="lls-fields lls-fields--4">
        <FormField label="Date" error={errors.date}>
          {(p) => (
            <Input
              {...p}
              type="date"
              name="date"
              value={values.date}
              onChange={(e) => onChange('date', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Start Time" error={errors.startTime}>
          {(p) => (
            <Input
              {...p}
              type="time"
              name="startTime"
              value={values.startTime}
              onChange={(e) => onChange('startTime', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="End Time" error={errors.endTime}>
          {(p) => (
            <Input
              {...p}
              type="time"
              name="endTime"
              value={values.endTime}
              onChange={(e) => onChange('endTime', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Duration" hint="An end before the start counts as the next day.">
          {(p) => (
            <Input
              {...p}
              name="duration"
              readOnly
              placeholder="Auto-calculated"
              value={durationText(values.startTime, values.endTime)}
            />
          )}
        </FormField>
      </div>
    </Card>
  );
}
