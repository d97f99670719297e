import { STATE_CODES, type StateCode } from '@logbook/contracts/state-codes';

/** Each state's and territory's name, as the registration screen offers them (the rule data stays off this screen). */
const STATE_NAMES: Readonly<Record<StateCode, string>> = {
  SA: 'South Australia',
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
};

export const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: STATE_NAMES[code] }));
