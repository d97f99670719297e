import { Card, FormField, Input } from '@logbook/ui/shared';
import type { SessionField } from '../../../lib/sessionValues';
import type { LocationEnd } from '../hooks/useCurrentLocation';
import type { FormCardProps } from './SessionTextFields';
import { placeNotSuburbWarning } from '../utils/suburbWarning';

export interface LocationDetailsCardProps extends FormCardProps {
  locating: LocationEnd | null;
  onLocate: (end: LocationEnd) => void;
}

const ENDS: Array<{ end: LocationEnd; field: SessionField; label: string }> = [
  { end: 'start', field: 'startSuburb', label: 'Start Suburb' },
  { end: 'end', field: 'endSuburb', label: 'End Suburb' },
];

function PinIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path
        d="M10 18s-5.5-5.2-5.5-9.2a5.5 5.5 0 1 1 11 0C15.5 12.8 10 18 10 18Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
      />
      <circle cx="10" cy="8.6" r="2" fill="currentColor" />
    </svg>
  );
}

export function LocationDetailsCard({ values, errors, onChange, locating, onLocate }: LocationDetailsCardProps) {
  return (
    <Card title="Location Details" headingLevel={2} description="Where the drive started and finished.">
      <div className="lls-fields lls-fields--2">
        {ENDS.map(({ end, field, label }) => (
          <FormField
            key={end}
            label={label}
            error={errors[field]}
            hint={errors[field] ? undefined : placeNotSuburbWarning(values[field])}
          >
            {(p) => (
              <div className="lls-input-row">
                <Input
                  {...p}
                  name={field}
                  autoComplete="off"
                  placeholder="e.g. Norwood"
                  value={values[field]}
                  onChange={(e) => onChange(field, e.target.value)}
                />
                <button
                  type="button"
                  className="ll-btn ll-btn--outline ll-btn--md lls-locate"
                  onClick={() => onLocate(end)}
                  disabled={locating !== null}
                  aria-busy={locating === end || undefined}
                  aria-label={`Use current location for ${label}`}
                  title="Use current location"
                >
                  {locating === end ? <span className="ll-spinner" aria-hidden="true" /> : <PinIcon />}
                  <span className="lls-locate__text">Current</span>
                </button>
              </div>
            )}
          </FormField>
        ))}
      </div>
    </Card>
  );
}
