import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  useLocation,
  useNavigate,
  useParams,
  toast,
  useStudent,
  parseStudentId,
  PAPER_HOURS_ANCHOR,
  paths,
} from '@logbook/shell-context/shared';
import { Card, Spinner } from '@logbook/ui/shared';
import { TOASTS, isStateCode, SUGGESTED_STATE, type StateCode } from '@logbook/contracts/view';
import { PaperHoursCard } from '../../features/paper-hours/components/PaperHoursCard';
import { RemoveStudentCard } from '../../features/students/components/RemoveStudentCard';
import { StudentDetailsForm } from '../../features/students/components/StudentDetailsForm';
import { useSaveStudent } from '../../features/students/hooks/useSaveStudent';
import { EMPTY_STUDENT_FORM, studentToFormValues } from '../../features/students/utils/studentForm';
import { FamilyStateField } from '../../features/settings/components/FamilyStateField';
import { useSettings } from '../../features/settings/hooks/useSettings';
import { saveFamilyState } from '../../features/settings/api/settings';
import { SETTINGS_KEY } from '../../lib/apiKeys';
import { serverMessageOr } from '../../lib/errors';
import type { StudentData } from '@logbook/contracts/view';
import { useRequireParent } from '../../lib/useRequireParent';
import { BackLink } from '../components/BackLink';
import { StudentLoadFailed } from '../components/StudentLoadFailed';
import { ParentLayout } from '../components/ParentLayout';

/** /students/new and /students/:id: create a student or edit one. */
export default function StudentForm() {
  const { id: rawId } = useParams();
  const editing = rawId !== undefined;
  const id = editing ? parseStudentId(rawId) : undefined;
  const badId = editing && id === null;
  const navigate = useNavigate();

  useEffect(() => {
    if (badId) navigate(paths.dashboard, { replace: true });
  }, [badId, navigate]);

  const { user, checking } = useRequireParent(() => toast({ ...TOASTS.authRequired, variant: 'destructive' }));
  const studentId = editing && id ? id : undefined;
  const { data: student, error, mutate } = useStudent(user && studentId !== undefined ? studentId : null);
  const { save, pending } = useSaveStudent(studentId);
  // A family that has not chosen its state is asked with the student it adds (South Australia unless it says).
  const { data: settings } = useSettings(Boolean(user));
  const chosenState = settings?.find((s) => s.key === 'state')?.value;
  const askState = !editing && settings !== undefined && chosenState === undefined;
  const [familyState, setFamilyState] = useState<StateCode>(SUGGESTED_STATE);
  // The courses asked are those of the family's state: the one chosen, the one being chosen, else South Australia's.
  const stateForCourses =
    settings && (askState ? familyState : isStateCode(chosenState) ? chosenState : SUGGESTED_STATE);
  const [statePending, setStatePending] = useState(false);
  const { mutate: mutateKey } = useSWRConfig();
  const create = async (data: StudentData) => {
    if (askState) {
      setStatePending(true);
      try {
        await saveFamilyState(familyState);
        await mutateKey(SETTINGS_KEY);
      } catch (failure) {
        toast({
          title: TOASTS.error,
          description: serverMessageOr(failure, TOASTS.genericError),
          variant: 'destructive',
        });
        return;
      } finally {
        setStatePending(false);
      }
    }
    await save(data);
  };
  const { hash } = useLocation();
  const studentLoaded = Boolean(student);

  // The dashboard's progress panel links straight to the paper hours with #paper-hours.
  useEffect(() => {
    if (studentLoaded && hash === `#${PAPER_HOURS_ANCHOR}`)
      document.getElementById(PAPER_HOURS_ANCHOR)?.scrollIntoView?.();
  }, [studentLoaded, hash]);

  if (badId || checking || !user) return <Spinner label="Loading…" />;

  let body;
  if (studentId !== undefined && error && !student) {
    body = <StudentLoadFailed error={error} onRetry={() => void mutate()} />;
  } else if (studentId !== undefined && !student) {
    body = <Spinner label="Loading student…" />;
  } else {
    body = (
      <StudentDetailsForm
        key={student?.id}
        initialValues={student ? studentToFormValues(student) : EMPTY_STUDENT_FORM}
        mode={student ? 'edit' : 'create'}
        pending={pending || statePending}
        onSubmit={student ? save : (data) => void create(data)}
        familyState={stateForCourses}
      >
        {askState && <FamilyStateField value={familyState} onChange={setFamilyState} />}
      </StudentDetailsForm>
    );
  }

  const title = editing ? 'Edit Student' : 'Add Student';
  return (
    <ParentLayout
      email={user.email}
      title={title}
      actions={student && <BackLink />}
      subtitle={
        editing
          ? 'Update the learner driver’s details and any hours from a paper log book.'
          : 'Add a learner driver to your account.'
      }
    >
      {error && !student ? (
        body
      ) : (
        <div className="pp-stack">
          <Card className="pp-narrow">{body}</Card>
          {student && <PaperHoursCard student={student} />}
          {student && <RemoveStudentCard student={student} />}
        </div>
      )}
    </ParentLayout>
  );
}
