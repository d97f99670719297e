/** The courses a state's rule may credit: a learner's record of completing one names it by this id. */
export const COURSE_IDS = [
  'safer-drivers-course',
  'ryda',
  'vulnerable-road-user-program',
  'act-safer-driver-course',
  'learner-driver-first-aid',
] as const;
export type CourseId = (typeof COURSE_IDS)[number];
