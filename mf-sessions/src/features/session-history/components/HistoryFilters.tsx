import type { TimeOfDay } from '@logbook/contracts/view';
import { Button, TextField, SelectField } from '@logbook/ui/shared';
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
      <TextField
        label="From date"
        type="date"
        name="fromDate"
        value={filters.fromDate}
        max={filters.toDate || undefined}
        onChange={(e) => onChange({ ...filters, fromDate: e.target.value })}
      />
      <TextField
        label="To date"
        type="date"
        name="toDate"
        value={filters.toDate}
        min={filters.fromDate || undefined}
        onChange={(e) => onChange({ ...filters, toDate: e.target.value })}
      />
      <SelectField
        label="Time of day"
        name="timeOfDayFilter"
        options={TIME_OPTIONS}
        value={filters.timeOfDay}
        onChange={(e) => onChange({ ...filters, timeOfDay: e.target.value as '' | TimeOfDay })}
      />
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
