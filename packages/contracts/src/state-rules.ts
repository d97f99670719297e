/** Supervised-driving hours each Australian state and territory asks of a learner, with where that is published. */
export interface StateRule {
  code: 'SA' | 'NSW' | 'VIC' | 'QLD' | 'WA' | 'TAS' | 'ACT' | 'NT';
  name: string;
  totalHours: number;
  nightHours: number;
  note?: string;
  source: string;
}

export const STATE_RULES: readonly StateRule[] = [
  {
    code: 'SA',
    name: 'South Australia',
    totalHours: 75,
    nightHours: 15,
    source: 'https://www.sa.gov.au/topics/driving-and-transport/licences/learners-permit/log-book',
  },
  {
    code: 'NSW',
    name: 'New South Wales',
    totalHours: 120,
    nightHours: 20,
    source:
      'https://www.nsw.gov.au/driving-boating-and-transport/driver-and-rider-licences/learner-drivers/learner-driver-log-book',
  },
  {
    code: 'VIC',
    name: 'Victoria',
    totalHours: 120,
    nightHours: 20,
    source: 'https://www.vicroads.vic.gov.au/licences/your-ls/get-your-ls/learner-permit-log-book',
  },
  {
    code: 'QLD',
    name: 'Queensland',
    totalHours: 100,
    nightHours: 10,
    source: 'https://www.qld.gov.au/transport/licensing/driver-licensing/learner/logbook',
  },
  {
    code: 'WA',
    name: 'Western Australia',
    totalHours: 50,
    nightHours: 5,
    source: 'https://www.transport.wa.gov.au/licensing/learner-drivers.asp',
  },
  {
    code: 'TAS',
    name: 'Tasmania',
    totalHours: 80,
    nightHours: 15,
    source: 'https://www.transport.tas.gov.au/licensing/getting_a_licence/learner_licence',
  },
  {
    code: 'ACT',
    name: 'Australian Capital Territory',
    totalHours: 100,
    nightHours: 10,
    note: 'for learners under 25',
    source: 'https://www.accesscanberra.act.gov.au/driving-and-transport/driver-licences/learner-licence',
  },
  {
    code: 'NT',
    name: 'Northern Territory',
    totalHours: 0,
    nightHours: 0,
    note: 'no logged hours are required',
    source: 'https://nt.gov.au/driving/licences/learner-licence',
  },
];

export const SUGGESTED_STATE: StateRule['code'] = 'SA';

/** The settings targets a state's rules give: day is the total less the night hours. */
export function targetsForState(code: StateRule['code']): { day: number; night: number } {
  const rule = STATE_RULES.find((r) => r.code === code);
  if (!rule) throw new Error(`Unknown state: ${code}`);
  return { day: rule.totalHours - rule.nightHours, night: rule.nightHours };
}
