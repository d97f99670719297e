import type { StateCode } from '@logbook/contracts/view';

/**
 * Each state's and territory's name, as the forms offer them: kept with the screens that name them, not in the shared
 * contracts, which every screen's first view carries.
 */
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
