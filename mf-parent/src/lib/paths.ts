/** Where a student's paper hours are edited: the Edit Student screen, scrolled to its paper hours card. */
export const PAPER_HOURS_ANCHOR = 'paper-hours';
export const studentPaperHoursPath = (studentId: number) => `/students/${studentId}#${PAPER_HOURS_ANCHOR}`;
