import type { TimeOfDay } from '@logbook/contracts/constants';
import { FormField } from '@logbook/ui/FormField';
import { Input } from '@logbook/ui/Input';
import { Select } from '@logbook/ui/Select';
import { Button } from '@logbook/ui/Button';
import { NO_FILTERS, type SessionFilters } from '../../../lib/sessionKeys';

export interface HistoryFiltersProps {
  filters: SessionFilters;
  onChange: (filters: SessionFilters) => void;
}

const TIME_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'day', label: 'Day' },
  { value: 'night', label: 'Night' },
];

export function HistoryFilters({ filters, onChange }: HistoryFiltersProps) {
  const active = filters.fromDate || filters.toDate || filters.timeOfDay;
  return (
    <div className="lls-filters" role="group" aria-label="Filter sessions">
      <FormField label="From date">
        {(p) => (
          <Input
            {...p}
            type="date"
            name="fromDate"
            value={filters.fromDate}
            max={filters.toDate || undefined}
            onChange={(e) => onChange({ ...filters, fromDate: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="To date">
        {(p) => (
          <Input
            {...p}
            type="date"
            name="toDate"
            value={filters.toDate}
            min={filters.fromDate || undefined}
            onChange={(e) => onChange({ ...filters, toDate: e.target.value })}
          />
        )}
      </FormField>
      <FormField label="Time of day">
        {(p) => (
          <Select
            {...p}
            name="timeOfDayFilter"
            options={TIME_OPTIONS}
            value={filters.timeOfDay}
            onChange={(e) => onChange({ ...filters, timeOfDay: e.target.value as '' | TimeOfDay })}
          />
        )}
      </FormField>
      <Button
        variant="ghost"
        size="md"
        className="lls-filters__clear"
        disabled={!active}
        onClick={() => onChange(NO_FILTERS)}
      >
        Clear filters
      </Button>
    </div>
  );
}
