import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@logbook/ui/Spinner';
import { ShellRouting } from '../../../lib/ShellRouting';
import type { RemoteScope } from '../../../lib/remotes';
import { federationLoads } from '../lib/remoteRegistry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { ScreenFrame } from './ScreenFrame';

export interface RemoteScreen {
  scope: RemoteScope;
  /** The module the remote exposes it as (`./Dashboard`). */
  exposed: string;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * A route whose screen comes from a remote: while it downloads, the screen's frame where its remote publishes one, else
 * a loading state; a Retry if it cannot.
 */
export function RemoteRoute({ screen }: { screen: RemoteScreen }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  // A new lazy component per attempt: React.lazy remembers a failed import forever.
  const Screen = useMemo(() => lazy(screen.load), [screen, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  // The runtime fetches a failed remote's entry afresh on the next load (remoteReleases.ts): a new attempt is enough.
  const retry = () => {
    void federationLoads().then((loads) => {
      if (loads) setAttempt((n) => n + 1);
      else window.location.reload();
    });
  };
  return (
    <RemoteErrorBoundary key={`${pathname}#${attempt}`} onRetry={retry}>
      <Suspense fallback={<ScreenFrame fallback={<Spinner label="Loading…" />} />}>
        {/* Inside the matched route: the screen's params come with the routing it is handed. */}
        <ShellRouting>
          <Screen />
        </ShellRouting>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
