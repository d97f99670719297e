/** A subscribed learner as the students API answers one. */
export const samLearner = {
  id: 7,
  firstName: 'Sam',
  lastName: 'Learner',
  dateOfBirth: '2008-04-12',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Twelve hours logged against South Australia's 75, as the progress summary answers them. */
export const progressSummary = {
  dayHours: 10,
  nightHours: 2,
  totalHours: 12,
  targets: { day: 60, night: 15, total: 75 },
  percent: { day: 16.7, night: 13.3, total: 16 },
  remaining: { day: 50, night: 13, total: 63 },
  badge: 'Getting Started',
  sessionCount: 4,
  bonusHours: 0,
  instructorLessons: 0,
  openingBalance: null,
};
