import { lazy, Suspense, type ReactNode } from 'react';
import { SESSION_SCREEN_ERRORS, isActive } from '@logbook/contracts/view';
import { paths } from '@logbook/shell-context/shared';
import { Alert, PageFrame, Spinner } from '@logbook/ui/shared';
import { AppHeader } from '../../../lib/AppHeader';
import { loadProblem, ScreenMessage } from '../../../lib/ScreenMessage';
import { SessionsStyles } from '../../../lib/SessionsStyles';
import type { RememberedStudent } from '../../../lib/studentCache';
import { fullName } from '../../../lib/studentName';
import type { useSessionEntry } from '../../../lib/useSessionEntry';
import type { ParentStudent, SignedInStudent } from './useFormStudent';

// Not the first view of a subscribed family: fetched when shown (offline, before it ever was, its title alone).
const SubscriptionNeeded = lazy(() =>
  import('./SubscriptionNeeded').catch(() => ({
    default: ({ dashboardPath }: { dashboardPath: string }) => (
      <ScreenMessage title="An active subscription is needed" actionTo={dashboardPath} />
    ),
  })),
);

/** The session form for this student, with what else it is given: a date of birth, or a notice in place of the usual. */
export type FormFor = (student: RememberedStudent, dateOfBirth?: string, notice?: ReactNode) => ReactNode;

/** The session form's page around what it shows: this remote's styles and its header. */
export function NewSessionPage({ dashboardPath, children }: { dashboardPath: string; children?: ReactNode }) {
  return (
    <div className="lls-root">
      <SessionsStyles />
      <AppHeader dashboardPath={dashboardPath} />
      {children}
    </div>
  );
}

/**
 * What the screen shows until its student and account are known: the title the form will have, over a spinner. For a
 * new session this is also the frame published for the address (frames.tsx), painted before any script has run.
 */
export function FormLoading({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <Spinner label="Loading student…" />
    </PageFrame>
  );
}

/**
 * The parent's screen: the form once the student and the account are known and the subscription is active; a
 * correction waits for its entry (`correction` is undefined when none is being corrected).
 */
export function parentScreen(
  routeId: number | undefined,
  [parent, accountReady]: [ParentStudent, boolean],
  correction: ReturnType<typeof useSessionEntry> | undefined,
  dashboardPath: string,
  form: FormFor,
  loading: ReactNode,
): ReactNode {
  const { data: student, error } = parent;
  if (!routeId) return <ScreenMessage title={SESSION_SCREEN_ERRORS.noStudentId} actionTo={dashboardPath} />;
  if (error) return loadProblem(error, dashboardPath, 'Sign in to log a session.');
  if (!student || !accountReady) return loading;
  if (correction && !correction.entry) {
    return correction.loaded || correction.error ? (
      <ScreenMessage
        title="This session cannot be corrected"
        description="It may already have been corrected or removed, or you may be offline."
        actionTo={paths.studentSessions(routeId)}
      />
    ) : (
      <Spinner label="Loading the session…" />
    );
  }
  if (!isActive(student.subscriptionStatus)) {
    return (
      <Suspense fallback={null}>
        <SubscriptionNeeded studentId={routeId} name={fullName(student)} dashboardPath={dashboardPath} />
      </Suspense>
    );
  }
  return form(student, student.dateOfBirth);
}

/**
 * The student's own screen: the form once they are known to be signed in on this account, on their own route (a
 * route naming another student, or no valid one, is refused); a lapsed subscription still lets them keep a draft.
 */
export function studentScreen(
  givenId: number | undefined,
  [rawRouteId, routeId]: [string | undefined, number | undefined],
  [auth, accountReady]: [SignedInStudent, boolean],
  dashboardPath: string,
  form: FormFor,
  loading: ReactNode,
): ReactNode {
  const { student, error } = auth;
  if (error) return loadProblem(error, dashboardPath);
  if (auth.isLoading || auth.data === undefined || (student && !accountReady)) return loading;
  if (!student) {
    return (
      <ScreenMessage
        title="Please sign in"
        description="Sign in with your student login to log a session."
        actionLabel="Student Login"
        actionTo={paths.studentLogin}
      />
    );
  }
  if (givenId === undefined && rawRouteId !== undefined && !routeId) {
    return <ScreenMessage title={SESSION_SCREEN_ERRORS.noStudentId} actionTo={dashboardPath} />;
  }
  if (routeId !== undefined && routeId !== student.id) {
    return <ScreenMessage title={SESSION_SCREEN_ERRORS.notFound} actionTo={dashboardPath} />;
  }
  if (isActive(student.subscriptionStatus)) return form(student);
  return form(
    student,
    undefined,
    <Alert title="Your subscription is not active" variant="warning">
      Sessions can only be logged while the subscription is active. You can still save this session as a draft; ask your
      parent or guardian to subscribe.
    </Alert>,
  );
}
