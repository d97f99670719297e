import { FormField, Input } from '@logbook/ui/shared';
import { localDateISO } from '@logbook/contracts/view';
import type { StateCode } from '@logbook/contracts/view';
// Read by path: the rule data goes with this field's own chunk, fetched only where the form asks about courses.
import { ruleOn } from '@logbook/contracts/state-rules';
import type { CourseEntry, StudentFormErrors } from '../utils/studentForm';

export interface CompletedCoursesFieldsProps {
  /** The family's state: only the courses its rule credits today are asked. */
  state: StateCode;
  courses: readonly CourseEntry[];
  errors: StudentFormErrors;
  onChange: (id: string, completedOn: string) => void;
}

/** One optional date per course the family's state's rule credits; none where it credits none. */
export default function CompletedCoursesFields({ state, courses, errors, onChange }: CompletedCoursesFieldsProps) {
  const rule = ruleOn(state, localDateISO());
  return (
    <>
      {rule.courseCredits.map((course) => (
        <FormField
          key={course.id}
          label={`${course.name} Completed On (Optional)`}
          error={errors[`course:${course.id}`]}
          hint={`${rule.name}'s log book counts it as ${course.hours} hours, ${course.conditions}.`}
        >
          {(field) => (
            <Input
              {...field}
              type="date"
              name={`course-${course.id}`}
              max={localDateISO()}
              value={courses.find((c) => c.id === course.id)?.completedOn ?? ''}
              onChange={(e) => onChange(course.id, e.target.value)}
            />
          )}
        </FormField>
      ))}
    </>
  );
}
