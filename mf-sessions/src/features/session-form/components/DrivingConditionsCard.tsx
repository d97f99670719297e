import {
  ROAD_CONDITIONS,
  ROAD_LABELS,
  TIME_OF_DAY,
  TIME_OF_DAY_LABELS,
  TRAFFIC_CONDITIONS,
  TRAFFIC_LABELS,
  WEATHER_CONDITIONS,
  WEATHER_LABELS,
} from '@logbook/contracts/view';
import type { ReactNode } from 'react';
import { Card, FormField, Select } from '@logbook/ui/shared';
import type { SessionField } from '../../../lib/sessionValues';
import type { FormCardProps } from './SessionDetailsCard';

const SELECTS: Array<{
  field: SessionField;
  label: string;
  placeholder: string;
  options: Array<{ value: string; label: string }>;
}> = [
  {
    field: 'timeOfDay',
    label: 'Time of Day',
    placeholder: 'Select time of day',
    options: TIME_OF_DAY.map((v) => ({ value: v, label: TIME_OF_DAY_LABELS[v] })),
  },
  {
    field: 'weatherConditions',
    label: 'Weather',
    placeholder: 'Select weather',
    options: WEATHER_CONDITIONS.map((v) => ({ value: v, label: WEATHER_LABELS[v] })),
  },
  {
    field: 'trafficConditions',
    label: 'Traffic Conditions',
    placeholder: 'Select traffic',
    options: TRAFFIC_CONDITIONS.map((v) => ({ value: v, label: TRAFFIC_LABELS[v] })),
  },
  {
    field: 'roadConditions',
    label: 'Road Conditions',
    placeholder: 'Select road type',
    options: ROAD_CONDITIONS.map((v) => ({ value: v, label: ROAD_LABELS[v] })),
  },
];

export interface DrivingConditionsCardProps extends FormCardProps {
  /** Day or Night from the sun, shown under the selects and read with Time of Day. */
  timeOfDayHint?: ReactNode;
  timeOfDayHintId?: string;
}

export function DrivingConditionsCard({
  values,
  errors,
  onChange,
  timeOfDayHint,
  timeOfDayHintId,
}: DrivingConditionsCardProps) {
  return (
    <Card title="Driving Conditions" headingLevel={2}>
      <div className="lls-fields lls-fields--4">
        {SELECTS.map(({ field, label, placeholder, options }) => (
          <FormField key={field} label={label} error={errors[field]}>
            {(p) => (
              <Select
                {...p}
                aria-describedby={
                  [p['aria-describedby'], field === 'timeOfDay' ? timeOfDayHintId : undefined]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                name={field}
                options={options}
                placeholder={placeholder}
                value={values[field]}
                onChange={(e) => onChange(field, e.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
      {timeOfDayHint}
    </Card>
  );
}
