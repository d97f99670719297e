import type { Student, StudentData } from '@logbook/contracts/view';
import { fieldErrors } from '@logbook/contracts/schemas';
// By path: the details with the courses go with this screen's chunk, not the shared schemas.
import { studentDetailsSchema } from '@logbook/contracts/student-courses';

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenseNumber: string;
  /** The day the learner's permit was issued ('' when not known yet). */
  permitDate: string;
  /**
   * The courses the learner completed, each with its day ('' : not completed). Absent until the student has one or
   * the parent fills one in, so a form without them sends nothing about courses.
   */
  courses?: CourseEntry[];
}

export interface CourseEntry {
  id: string;
  completedOn: string;
}

/** A message per field; a course's under `course:<id>`. */
export type StudentFormErrors = Partial<
  Record<Exclude<keyof StudentFormValues, 'courses'> | `course:${string}`, string>
>;

export const EMPTY_STUDENT_FORM: StudentFormValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  licenseNumber: '',
  permitDate: '',
};

export function studentToFormValues(student: Student): StudentFormValues {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    dateOfBirth: student.dateOfBirth,
    licenseNumber: student.licenseNumber ?? '',
    permitDate: student.permitDate ?? '',
    ...(student.courses?.length
      ? { courses: student.courses.map(({ id, completedOn }) => ({ id, completedOn })) }
      : {}),
  };
}

/** The form checked with the same schema the server uses: the data to send, or a message per field. */
export function validateStudentForm(
  values: StudentFormValues,
): { ok: true; data: StudentData } | { ok: false; errors: StudentFormErrors } {
  const { courses, ...fields } = values;
  // A course whose day is left empty is not recorded.
  const completed = courses?.filter((c) => c.completedOn.trim() !== '');
  const parsed = studentDetailsSchema.safeParse(completed ? { ...fields, courses: completed } : fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = fieldErrors(parsed.error) as StudentFormErrors;
  delete (errors as Record<string, string>).courses;
  for (const issue of parsed.error.issues) {
    const at = issue.path[1];
    const course = issue.path[0] === 'courses' && typeof at === 'number' ? completed?.[at] : undefined;
    if (course && !errors[`course:${course.id}`]) errors[`course:${course.id}`] = issue.message;
  }
  return { ok: false, errors };
}
