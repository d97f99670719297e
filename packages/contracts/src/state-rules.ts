/** Supervised-driving hours each Australian state and territory asks of a learner, with where that is published. */
export interface StateRule {
  code: 'SA' | 'NSW' | 'VIC' | 'QLD' | 'WA' | 'TAS' | 'ACT' | 'NT';
  name: string;
  totalHours: number;
  nightHours: number;
  note?: string;
  source: string;
  /** Lessons with a licensed driving instructor counted at a bonus rate; absent where they count as plain hours. */
  instructorBonus?: InstructorBonusRule;
}

/**
 * Each lesson hour counts as `multiplier` log book hours, for at most `maxLessonHours` lesson hours (null: no cap is
 * published). The extra hours count as day hours: a night lesson still gives one night hour for each hour driven.
 */
export interface InstructorBonusRule {
  multiplier: number;
  maxLessonHours: number | null;
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
    instructorBonus: {
      multiplier: 3,
      maxLessonHours: 5,
      note: 'announced in November 2024: up to 5 lesson hours logged as 15',
      source: 'https://dpti.sa.gov.au/news/?a=1429416',
    },
  },
  {
    code: 'NSW',
    name: 'New South Wales',
    totalHours: 120,
    nightHours: 20,
    source:
      'https://www.nsw.gov.au/driving-boating-and-transport/driver-and-rider-licences/learner-drivers/learner-driver-log-book',
    instructorBonus: {
      multiplier: 3,
      maxLessonHours: 10,
      note: 'up to 10 lesson hours logged as 30',
      source:
        'https://www.nsw.gov.au/driving-boating-and-transport/driver-and-rider-licences/learner-drivers/learner-driver-log-book',
    },
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
    instructorBonus: {
      multiplier: 3,
      maxLessonHours: 10,
      note: 'up to 10 hours with an accredited driver trainer logged as 30',
      source: 'https://www.qld.gov.au/transport/licensing/getting/learner-logbook',
    },
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
    instructorBonus: {
      multiplier: 2,
      maxLessonHours: null,
      note: 'two-for-one credit hours for a lesson with a professional driving instructor',
      source:
        'https://www.transport.tas.gov.au/road_safety_and_rules/changes_to_graduated_licensing_system/l1_Logbook_hours/recording_logbook_hours',
    },
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

/** The state's bonus for lessons with a licensed driving instructor, or null where lessons count as plain hours. */
export function instructorBonusOf(code: StateRule['code'] | string | null | undefined): InstructorBonusRule | null {
  return STATE_RULES.find((r) => r.code === code)?.instructorBonus ?? null;
}

export const isStateCode = (value: unknown): value is StateRule['code'] =>
  typeof value === 'string' && STATE_RULES.some((r) => r.code === value);
