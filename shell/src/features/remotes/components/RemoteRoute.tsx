import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@logbook/ui/Spinner';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoadError } from './RemoteLoadError';

export type RemoteLoader = () => Promise<{ default: ComponentType }>;

export interface RemoteRouteProps {
  load: RemoteLoader;
}

/** A route whose screen comes from a remote: loading state while it downloads, a Retry if it cannot. */
export function RemoteRoute({ load }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  // A new lazy component per attempt: React.lazy remembers a failed import forever.
  const Screen = useMemo(() => lazy(load), [load, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <RemoteErrorBoundary
      key={`${pathname}#${attempt}`}
      onRetry={() => setAttempt((n) => n + 1)}
      fallback={(retry) => <RemoteLoadError onRetry={retry} />}
    >
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
