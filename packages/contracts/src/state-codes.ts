/** The states and territories, by code: kept apart from their rules so forms can name them without the rule data. */
export const STATE_CODES = ['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT'] as const;
export type StateCode = (typeof STATE_CODES)[number];

/** Each state's and territory's name. */
export const STATE_NAMES: Readonly<Record<StateCode, string>> = {
  SA: 'South Australia',
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
};

/** The states and territories as a form offers them, by name, in the order the product lists them. */
export const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: STATE_NAMES[code] }));

/** The state a family starts in until it chooses. */
export const SUGGESTED_STATE: StateCode = 'SA';

export const isStateCode = (value: unknown): value is StateCode =>
  typeof value === 'string' && (STATE_CODES as readonly string[]).includes(value);
