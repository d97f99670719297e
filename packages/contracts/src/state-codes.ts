/** The states and territories, by code: kept apart from their rules so forms can name them without the rule data. */
export type StateCode = 'SA' | 'NSW' | 'VIC' | 'QLD' | 'WA' | 'TAS' | 'ACT' | 'NT';

export const STATE_CODES: readonly StateCode[] = ['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT'];

/** The state a family starts in until it chooses. */
export const SUGGESTED_STATE: StateCode = 'SA';

export const isStateCode = (value: unknown): value is StateCode =>
  typeof value === 'string' && (STATE_CODES as readonly string[]).includes(value);
