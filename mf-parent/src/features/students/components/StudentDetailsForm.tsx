import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link, paths } from '@logbook/shell-context/shared';
import { Button, FormField, Input, buttonClass } from '@logbook/ui/shared';
import { localDateISO, TEXT_LIMITS } from '@logbook/contracts/view';
import type { StudentData, StateCode } from '@logbook/contracts/view';
import { validateStudentForm, type StudentFormErrors, type StudentFormValues } from '../utils/studentForm';

// With the rule data it reads: fetched once the family's state is known, not with the screen.
const CompletedCoursesFields = lazy(() => import('./CompletedCoursesFields'));

type TextField = Exclude<keyof StudentFormValues, 'courses'>;

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
  const change = (field: TextField) => (e: { target: { value: string } }) =>
    update({ ...values, [field]: e.target.value }, field);
  const changeCourse = (id: string, completedOn: string) =>
    update(
      { ...values, courses: [...(values.courses ?? []).filter((c) => c.id !== id), { id, completedOn }] },
      `course:${id}`,
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
        <FormField label="First Name" error={errors.firstName}>
          {(field) => (
            <Input
              {...field}
              name="firstName"
              autoComplete="off"
              maxLength={TEXT_LIMITS.name}
              value={values.firstName}
              onChange={change('firstName')}
            />
          )}
        </FormField>
        <FormField label="Last Name" error={errors.lastName}>
          {(field) => (
            <Input
              {...field}
              name="lastName"
              autoComplete="off"
              maxLength={TEXT_LIMITS.name}
              value={values.lastName}
              onChange={change('lastName')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Date of Birth" error={errors.dateOfBirth}>
        {(field) => (
          <Input
            {...field}
            type="date"
            name="dateOfBirth"
            max={localDateISO()}
            value={values.dateOfBirth}
            onChange={change('dateOfBirth')}
          />
        )}
      </FormField>
      <FormField label="License Number (Optional)" error={errors.licenseNumber}>
        {(field) => (
          <Input
            {...field}
            name="licenseNumber"
            autoComplete="off"
            maxLength={TEXT_LIMITS.license}
            value={values.licenseNumber}
            onChange={change('licenseNumber')}
          />
        )}
      </FormField>
      <FormField
        label="Learner's Permit Date (Optional)"
        error={errors.permitDate}
        hint="The day the learner's permit was issued: the time on the permit your state asks for counts from it."
      >
        {(field) => (
          <Input
            {...field}
            type="date"
            name="permitDate"
            max={localDateISO()}
            value={values.permitDate}
            onChange={change('permitDate')}
          />
        )}
      </FormField>
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
