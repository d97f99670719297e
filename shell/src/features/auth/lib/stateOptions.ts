import type { StateCode } from '@logbook/contracts/state-codes';

/**
 * Each state and territory by name, in the order the product lists them, as the registration screen offers them. Kept
 * here (types only from the contracts) so the screen's chunk shares no module with the first view.
 */
export const STATE_OPTIONS: ReadonlyArray<{ value: StateCode; label: string }> = [
  { value: 'SA', label: 'South Australia' },
  { value: 'NSW', label: 'New South Wales' },
  { value: 'VIC', label: 'Victoria' },
  { value: 'QLD', label: 'Queensland' },
  { value: 'WA', label: 'Western Australia' },
  { value: 'TAS', label: 'Tasmania' },
  { value: 'ACT', label: 'Australian Capital Territory' },
  { value: 'NT', label: 'Northern Territory' },
];

/** The state a family starts in unless it chooses (the contracts' SUGGESTED_STATE). */
export const DEFAULT_STATE: StateCode = 'SA';
