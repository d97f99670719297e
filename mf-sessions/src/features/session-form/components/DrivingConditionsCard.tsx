import { SESSION_FIELD_PLACES } from '@logbook/contracts/view';
import type { ReactNode } from 'react';
import { Card, FormField, Select } from '@logbook/ui/shared';
import type { FormCardProps } from './SessionTextFields';

type ChoiceField = 'timeOfDay' | 'weatherConditions' | 'trafficConditions' | 'roadConditions';

/** A choice's options as the session's field registry gives them, each in its words. */
function optionsOf(field: ChoiceField) {
  const { form, valueLabels } = SESSION_FIELD_PLACES[field];
  return form.choices.map((value) => ({ value, label: (valueLabels as Record<string, string>)[value] }));
}

const SELECTS: Array<{ field: ChoiceField; label: string; placeholder: string }> = [
  { field: 'timeOfDay', label: 'Time of Day', placeholder: 'Select time of day' },
  { field: 'weatherConditions', label: 'Weather', placeholder: 'Select weather' },
  { field: 'trafficConditions', label: 'Traffic Conditions', placeholder: 'Select traffic' },
  { field: 'roadConditions', label: 'Road Conditions', placeholder: 'Select road type' },
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
        {SELECTS.map(({ field, label, placeholder }) => (
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
                options={optionsOf(field)}
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
