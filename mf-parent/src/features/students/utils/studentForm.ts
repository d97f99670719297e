import { fieldErrors, studentInputSchema, type Student, type StudentData } from '@logbook/contracts/schemas';

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenseNumber: string;
  /** The day the learner's permit was issued ('' when not known yet). */
  permitDate: string;
}

export type StudentFormErrors = Partial<Record<keyof StudentFormValues, string>>;

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
  };
}

/** The form checked with the same schema the server uses: the data to send, or a message per field. */
export function validateStudentForm(
  values: StudentFormValues,
): { ok: true; data: StudentData } | { ok: false; errors: StudentFormErrors } {
  const parsed = studentInputSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error) as StudentFormErrors };
}
