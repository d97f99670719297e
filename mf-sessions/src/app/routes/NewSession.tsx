import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '@logbook/shell-context/routing';
import { SESSION_SCREEN_ERRORS } from '@logbook/contracts/messages';
import { isActive } from '@logbook/contracts/subscription';
import { Alert } from '@logbook/ui/Alert';
import { Spinner } from '@logbook/ui/Spinner';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { ApiError } from '@logbook/shell-context/apiClient';
import {
  forgetAccount,
  parentAccount,
  rememberAccount,
  studentAccount,
  useSignedInAccount,
} from '@logbook/session-device/deviceAccount';
import { CORRECT_SESSION_PARAM, FINISH_DRIVE_PARAM, isStudentPath, paths } from '@logbook/shell-context/routes';
import { parseStudentId } from '@logbook/shell-context/studentId';
import { useStudent } from '@logbook/shell-context/students';
import { useCurrentUser } from '@logbook/shell-context/useCurrentUser';
import { SessionForm } from '../../features/session-form/components/SessionForm';
import { AppHeader } from '../../lib/AppHeader';
import { ScreenMessage } from '../../lib/ScreenMessage';
import { SessionsStyles } from '../../lib/SessionsStyles';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';
import { forgetSignedInStudent, isUnreachable, recallStudent, rememberStudent } from '../../lib/studentCache';
import { fullName } from '../../lib/studentName';
import { useStudentAuth } from '../../lib/useStudentAuth';
import { useSessionEntry } from '../../lib/useSessionEntry';

export interface NewSessionProps {
  /** The student; else the route's :studentId; else (student view) the signed-in student. */
  studentId?: number;
  /** 'student' for /student-new-session routes; worked out from the path when not given. */
  viewer?: 'parent' | 'student';
  /** Called instead of going to the dashboard after a submit or a cancel. */
  onDone?: () => void;
  /** Where 'Back to Dashboard' and a finished form go. */
  backTo?: string;
}

function SubscriptionNeeded({
  studentId,
  name,
  dashboardPath,
}: {
  studentId: number;
  name: string;
  dashboardPath: string;
}) {
  return (
    <div className="ll-page">
      <div className="ll-card lls-screen-message">
        <div className="ll-empty">
          <h1 className="ll-empty__title">An active subscription is needed</h1>
          <p className="ll-empty__description">
            New sessions can be logged for {name || 'this student'} once their subscription is active. Your saved drafts
            stay on this device until then.
          </p>
          <div className="ll-empty__action lls-row">
            <Link to={paths.subscribe(studentId)} className={buttonClass('primary', 'md')}>
              Subscribe
            </Link>
            <Link to={dashboardPath} className={buttonClass('outline', 'md')}>
              Return to Dashboard
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

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

  const parentFetch = useStudent(viewer === 'parent' ? routeId : undefined);
  const authFetch = useStudentAuth(viewer === 'student');
  const currentUser = useCurrentUser(viewer === 'parent');
  const account = useSignedInAccount();

  useEffect(() => {
    if (parentFetch.data) rememberStudent('parent', parentFetch.data);
  }, [parentFetch.data]);
  useEffect(() => {
    if (authFetch.student) {
      rememberStudent('student', authFetch.student);
      rememberAccount(studentAccount(authFetch.student.id));
    } else if (authFetch.data === null) {
      forgetSignedInStudent();
      forgetAccount('student');
    }
  }, [authFetch.student, authFetch.data]);

  // Drafts are read and saved under the account signed in: the form waits until this device knows it is that
  // account, so it never opens, or saves, another account's drafts. Offline, the last account known stays.
  const expectedAccount =
    viewer === 'parent'
      ? currentUser.user
        ? parentAccount(currentUser.user.id)
        : undefined
      : authFetch.student
        ? studentAccount(authFetch.student.id)
        : undefined;
  const accountReady = expectedAccount
    ? account === expectedAccount
    : viewer === 'parent'
      ? Boolean(currentUser.error)
      : Boolean(authFetch.error);

  // Offline, the form still opens for a student this device has seen: the session waits in the outbox.
  const parentRecalled =
    viewer === 'parent' && parentFetch.error && isUnreachable(parentFetch.error)
      ? recallStudent('parent', routeId)
      : undefined;
  const parent = parentRecalled ? { data: parentRecalled, error: undefined } : parentFetch;
  const authRecalled =
    viewer === 'student' && authFetch.error && isUnreachable(authFetch.error) ? recallStudent('student') : undefined;
  const auth = authRecalled
    ? { error: undefined, isLoading: false, data: { student: authRecalled }, student: authRecalled }
    : authFetch;
  const offlineNotice =
    parentRecalled || authRecalled ? (
      <Alert title="You're offline" variant="info">
        This session will be kept on this device and sent when you&apos;re back online.
      </Alert>
    ) : undefined;

  const loadDraftId = search.get('loadDraft');
  const fromDrive = search.get(FINISH_DRIVE_PARAM) === 'ended';
  // Corrections are the parent's: a student's form never opens one.
  const correctId =
    viewer === 'parent' ? (parseStudentId(search.get(CORRECT_SESSION_PARAM) ?? undefined) ?? undefined) : undefined;
  const correction = useSessionEntry(correctId ? routeId : undefined, correctId);
  const finish = () =>
    onDone ? onDone() : navigate(correctId && routeId ? paths.studentSessions(routeId) : dashboardPath);

  let body;
  if (viewer === 'parent') {
    if (!routeId) {
      body = <ScreenMessage title={SESSION_SCREEN_ERRORS.noStudentId} actionTo={dashboardPath} />;
    } else if (parent.error) {
      const status = parent.error instanceof ApiError ? parent.error.status : 0;
      body =
        status === 401 ? (
          <ScreenMessage
            title="Please sign in"
            description="Sign in to log a session."
            actionLabel="Sign in"
            actionTo={paths.login}
          />
        ) : status === 404 ? (
          <ScreenMessage title={SESSION_SCREEN_ERRORS.notFound} actionTo={dashboardPath} />
        ) : (
          <ScreenMessage
            title={SESSION_SCREEN_ERRORS.errorLoading}
            description={parent.error instanceof Error ? parent.error.message : undefined}
            actionTo={dashboardPath}
          />
        );
    } else if (!parent.data || !accountReady) {
      body = <Spinner label="Loading student…" />;
    } else if (correctId && !correction.entry) {
      body =
        correction.loaded || correction.error ? (
          <ScreenMessage
            title="This session cannot be corrected"
            description="It may already have been corrected or removed, or you may be offline."
            actionTo={paths.studentSessions(routeId)}
          />
        ) : (
          <Spinner label="Loading the session…" />
        );
    } else if (!isActive(parent.data.subscriptionStatus)) {
      body = <SubscriptionNeeded studentId={routeId} name={fullName(parent.data)} dashboardPath={dashboardPath} />;
    } else {
      body = (
        <SessionForm
          studentId={routeId}
          studentName={fullName(parent.data)}
          dateOfBirth={parent.data.dateOfBirth}
          loadDraftId={loadDraftId}
          fromDrive={fromDrive}
          correcting={correction.entry}
          onFinished={finish}
          onCancel={finish}
          notice={offlineNotice}
        />
      );
    }
  } else if (auth.error) {
    body = (
      <ScreenMessage
        title={SESSION_SCREEN_ERRORS.errorLoading}
        description={auth.error instanceof Error ? auth.error.message : undefined}
        actionTo={dashboardPath}
      />
    );
  } else if (auth.isLoading || auth.data === undefined || (auth.student && !accountReady)) {
    body = <Spinner label="Loading student…" />;
  } else if (!auth.student) {
    body = (
      <ScreenMessage
        title="Please sign in"
        description="Sign in with your student login to log a session."
        actionLabel="Student Login"
        actionTo={paths.studentLogin}
      />
    );
  } else if (givenId === undefined && rawRouteId !== undefined && !routeId) {
    body = <ScreenMessage title={SESSION_SCREEN_ERRORS.noStudentId} actionTo={dashboardPath} />;
  } else if (routeId !== undefined && routeId !== auth.student.id) {
    body = <ScreenMessage title={SESSION_SCREEN_ERRORS.notFound} actionTo={dashboardPath} />;
  } else {
    const student = auth.student;
    body = (
      <SessionForm
        studentId={student.id}
        studentName={fullName(student)}
        loadDraftId={loadDraftId}
        fromDrive={fromDrive}
        onFinished={finish}
        onCancel={finish}
        notice={
          isActive(student.subscriptionStatus) ? (
            offlineNotice
          ) : (
            <Alert title="Your subscription is not active" variant="warning">
              Sessions can only be logged while the subscription is active. You can still save this session as a draft;
              ask your parent or guardian to subscribe.
            </Alert>
          )
        }
      />
    );
  }

  return (
    <div className="lls-root">
      <SessionsStyles />
      <AppHeader dashboardPath={dashboardPath} />
      {body}
    </div>
  );
}
