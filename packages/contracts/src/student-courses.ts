import { z } from 'zod';
import { COURSE_IDS } from './course-ids';
import { isNotAfter, isRealDate, localDateISO } from './dates';
import { VALIDATION } from './messages';
import { studentInputSchema } from './schemas';

/*
 * A student's details with the courses the learner completed: apart from the shared schemas, so that only the service
 * and the student's details screen carry it, not every screen's first view.
 */

/** The courses the learner completed that a state's rule credits (the log book counts those of the family's state). */
export const completedCoursesSchema = z
  .array(
    z.object({
      id: z.enum(COURSE_IDS, { error: VALIDATION.courseUnknown }),
      completedOn: z
        .string({ error: VALIDATION.courseDateInvalid })
        .trim()
        .refine((v) => isRealDate(v) && isNotAfter(v, localDateISO()), VALIDATION.courseDateInvalid),
    }),
    { error: VALIDATION.invalidInput },
  )
  .max(COURSE_IDS.length, VALIDATION.courseRepeated)
  .refine((list) => new Set(list.map((c) => c.id)).size === list.length, VALIDATION.courseRepeated);

/** POST /api/students and PUT /api/students/:id. */
export const studentDetailsSchema = studentInputSchema.extend({ courses: completedCoursesSchema.optional() });
export type StudentDetailsData = z.output<typeof studentDetailsSchema>;
