import type { ReactNode } from 'react';
import { SESSION_SCREEN_ERRORS } from '@logbook/contracts/view';
import { ApiError, Link, paths } from '@logbook/shell-context/shared';
import { EmptyState, buttonClass } from '@logbook/ui/shared';

export interface ScreenMessageProps {
  title: string;
  description?: ReactNode;
  /** Defaults to 'Return to Dashboard'. */
  actionLabel?: string;
  actionTo: string;
}

/** A whole-screen state (no id, not found, failed load) with one way out. */
export function ScreenMessage({
  title,
  description,
  actionLabel = 'Return to Dashboard',
  actionTo,
}: ScreenMessageProps) {
  return (
    <div className="ll-page">
      <div className="ll-card lls-screen-message" role="alert">
        <EmptyState
          title={title}
          description={description}
          icon={
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M12 7.5v5.5M12 16.2v.3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          }
          action={
            <Link to={actionTo} className={buttonClass('primary', 'md')}>
              {actionLabel}
            </Link>
          }
        />
      </div>
    </div>
  );
}

/** A screen whose student could not be read: signed out, not on this account, or not loaded. */
export function loadProblem(error: unknown, dashboardPath: string, signInDescription?: string) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) {
    return (
      <ScreenMessage
        title="Please sign in"
        description={signInDescription}
        actionLabel="Sign in"
        actionTo={paths.login}
      />
    );
  }
  if (status === 404) return <ScreenMessage title={SESSION_SCREEN_ERRORS.notFound} actionTo={dashboardPath} />;
  const description = error instanceof Error ? error.message : undefined;
  return (
    <ScreenMessage title={SESSION_SCREEN_ERRORS.errorLoading} description={description} actionTo={dashboardPath} />
  );
}
