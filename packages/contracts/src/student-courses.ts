import { z } from 'zod';
import { COURSE_IDS } from './course-ids';
import { isNotAfter, isRealDate, localDateISO } from './dates';
import { VALIDATION } from './messages';
import { studentInputSchema } from './schemas';

/*
 * A student's details with the courses the learner completed: apart from the shared schemas, so that only the service
 * and the student's details screen carry it, not every screen's first view.
 */

/** What the student's details say of a course, kept here with the only schema that uses them. */
export const COURSE_MESSAGES = {
  courseUnknown: "Choose a course your state's log book credits",
  courseDateInvalid: 'The day the course was completed must be a real date (YYYY-MM-DD), not in the future',
  courseRepeated: 'Each course can be recorded once',
} as const;

/** The courses the learner completed that a state's rule credits (the log book counts those of the family's state). */
export const completedCoursesSchema = z
  .array(
    z.object({
      id: z.enum(COURSE_IDS, { error: COURSE_MESSAGES.courseUnknown }),
      completedOn: z
        .string({ error: COURSE_MESSAGES.courseDateInvalid })
        .trim()
        .refine((v) => isRealDate(v) && isNotAfter(v, localDateISO()), COURSE_MESSAGES.courseDateInvalid),
    }),
    { error: VALIDATION.invalidInput },
  )
  .max(COURSE_IDS.length, COURSE_MESSAGES.courseRepeated)
  .refine((list) => new Set(list.map((c) => c.id)).size === list.length, COURSE_MESSAGES.courseRepeated);

/** POST /api/students and PUT /api/students/:id. */
export const studentDetailsSchema = studentInputSchema.extend({ courses: completedCoursesSchema.optional() });
export type StudentDetailsData = z.output<typeof studentDetailsSchema>;
