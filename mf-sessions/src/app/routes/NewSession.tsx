import { useDeferredValue, useEffect } from 'react';
import {
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  CORRECT_SESSION_PARAM,
  FINISH_DRIVE_PARAM,
  isStudentPath,
  paths,
  parseStudentId,
} from '@logbook/shell-context/shared';
import { Alert } from '@logbook/ui/shared';
import { SessionForm } from '../../features/session-form/components/SessionForm';
import { formTitle } from '../../features/session-form/utils/formHeading';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';
import { fullName } from '../../lib/studentName';
import { useSessionEntry } from '../../lib/useSessionEntry';
import { FormLoading, NewSessionPage, parentScreen, studentScreen, type FormFor } from './new-session/screenBodies';
import { useFormStudent, type Viewer } from './new-session/useFormStudent';

export interface NewSessionProps {
  /** The student; else the route's :studentId; else (student view) the signed-in student. */
  studentId?: number;
  /** 'student' for /student-new-session routes; worked out from the path when not given. */
  viewer?: Viewer;
  /** Called instead of going to the dashboard after a submit or a cancel. */
  onDone?: () => void;
  /** Where 'Back to Dashboard' and a finished form go. */
  backTo?: string;
}

/** A new session (or a draft, a drive just ended, a correction) for the parent's student or the signed-in student. */
export default function NewSession({ studentId: givenId, viewer: givenViewer, onDone, backTo }: NewSessionProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const viewer = givenViewer ?? (isStudentPath(pathname) ? 'student' : 'parent');
  const dashboardPath = backTo ?? (viewer === 'student' ? paths.studentDashboard : paths.dashboard);
  const rawRouteId = params.studentId;
  const routeId = givenId ?? parseStudentId(rawRouteId) ?? undefined;

  useEffect(() => startOutboxSync(), []);
  const { parent, auth, accountReady: knownAccount, offline } = useFormStudent(viewer, routeId);
  // The device's account is a store that draws at once when it changes: the form it lets open is drawn as a
  // transition instead, in small steps. It closes at once when the account stops being the one signed in.
  const accountReady = useDeferredValue(knownAccount) && knownAccount;

  // Corrections are the parent's: a student's form never opens one.
  const correctId =
    viewer === 'parent' ? (parseStudentId(search.get(CORRECT_SESSION_PARAM) ?? undefined) ?? undefined) : undefined;
  const correction = useSessionEntry(correctId ? routeId : undefined, correctId);
  const fromDrive = search.get(FINISH_DRIVE_PARAM) === 'ended';
  const loading = <FormLoading title={formTitle({ correcting: Boolean(correctId), draft: undefined, fromDrive })} />;
  const finish = () =>
    onDone ? onDone() : navigate(correctId && routeId ? paths.studentSessions(routeId) : dashboardPath);

  // Offline, the form still opens for a student this device has seen: the session waits in the outbox.
  // Another student's form opens afresh, with that student's draft.
  const form: FormFor = (student, dateOfBirth, notice) => (
    <SessionForm
      key={student.id}
      studentId={student.id}
      studentName={fullName(student)}
      dateOfBirth={dateOfBirth}
      loadDraftId={search.get('loadDraft')}
      fromDrive={fromDrive}
      correcting={correction.entry}
      onFinished={finish}
      onCancel={finish}
      notice={
        notice ??
        (offline && (
          <Alert title="You're offline" variant="info">
            This session will be kept on this device and sent when you&apos;re back online.
          </Alert>
        ))
      }
    />
  );

  return (
    <NewSessionPage dashboardPath={dashboardPath}>
      {viewer === 'parent'
        ? parentScreen(
            routeId,
            [parent, accountReady],
            correctId ? correction : undefined,
            dashboardPath,
            form,
            loading,
          )
        : studentScreen(givenId, [rawRouteId, routeId], [auth, accountReady], dashboardPath, form, loading)}
    </NewSessionPage>
  );
}
