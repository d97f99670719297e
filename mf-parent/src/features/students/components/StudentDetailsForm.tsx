import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link, paths } from '@logbook/shell-context/shared';
import { Button, TextField, buttonClass, type InputProps } from '@logbook/ui/shared';
import { localDateISO, TEXT_LIMITS } from '@logbook/contracts/view';
import type { StudentData, StateCode } from '@logbook/contracts/view';
import { validateStudentForm, type StudentFormErrors, type StudentFormValues } from '../utils/studentForm';

// With the rule data it reads: fetched once the family's state is known, not with the screen.
const CompletedCoursesFields = lazy(() => import('./CompletedCoursesFields'));

type TypedField = Exclude<keyof StudentFormValues, 'courses'>;
const NAME_INPUT: InputProps = { autoComplete: 'off', maxLength: TEXT_LIMITS.name };

export interface StudentDetailsFormProps {
  initialValues: StudentFormValues;
  mode: 'create' | 'edit';
  pending: boolean;
  onSubmit: (data: StudentData) => void;
  /** More fields, shown before the buttons (the family's state, asked with its first student). */
  children?: ReactNode;
  /** The family's state, once known: the courses its rule credits are asked. */
  familyState?: StateCode;
}

/**
 * First Name, Last Name, Date of Birth, an optional License Number and the learner's permit date (the time on the
 * permit the state asks for counts from it), checked with the shared schema.
 */
export function StudentDetailsForm({
  initialValues,
  mode,
  pending,
  onSubmit,
  children,
  familyState,
}: StudentDetailsFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<StudentFormErrors>({});

  const update = (next: StudentFormValues, field: keyof StudentFormErrors) => {
    setValues(next);
    // Once a field has a message, keep it in step with what is typed.
    if (errors[field]) {
      const result = validateStudentForm(next);
      setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
    }
  };
  const change = (field: TypedField) => (e: { target: { value: string } }) =>
    update({ ...values, [field]: e.target.value }, field);
  const changeCourse = (id: string, completedOn: string) =>
    update(
      { ...values, courses: [...(values.courses ?? []).filter((c) => c.id !== id), { id, completedOn }] },
      `course:${id}`,
    );

  const textField = (name: TypedField, label: string, input: InputProps, hint?: string) => (
    <TextField
      label={label}
      error={errors[name]}
      hint={hint}
      name={name}
      {...input}
      value={values[name]}
      onChange={change(name)}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateStudentForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  return (
    <form className="ll-form pp-form" onSubmit={submit} noValidate aria-label="Student details">
      <div className="pp-form__row">
        {textField('firstName', 'First Name', NAME_INPUT)}
        {textField('lastName', 'Last Name', NAME_INPUT)}
      </div>
      {textField('dateOfBirth', 'Date of Birth', { type: 'date', max: localDateISO() })}
      {textField('licenseNumber', 'License Number (Optional)', { autoComplete: 'off', maxLength: TEXT_LIMITS.license })}
      {textField(
        'permitDate',
        "Learner's Permit Date (Optional)",
        { type: 'date', max: localDateISO() },
        "The day the learner's permit was issued: the time on the permit your state asks for counts from it.",
      )}
      {familyState && (
        <Suspense fallback={null}>
          <CompletedCoursesFields
            state={familyState}
            courses={values.courses ?? []}
            errors={errors}
            onChange={changeCourse}
          />
        </Suspense>
      )}
      {children}
      <div className="ll-actions">
        <Link to={paths.dashboard} className={buttonClass('outline')}>
          Cancel
        </Link>
        <Button type="submit" pending={pending}>
          {mode === 'create' ? 'Create Student' : 'Update Student'}
        </Button>
      </div>
    </form>
  );
}
