import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Spinner } from '@logbook/ui/shared';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RemoteModule<P> = () => Promise<{ default: ComponentType<P & any> }>;

export interface RemoteWidgetProps<P extends object> {
  /** What the widget is, for its loading and error texts. */
  name: string;
  load: RemoteModule<P>;
  props: P;
}

/**
 * A part of the screen that comes from another remote: loading state, and a retry when it cannot load. Its code loads
 * as the shell's screens do, through the page's federation runtime and its release plugin (the shell's
 * remoteReleases.ts): a release made under the open page is recovered from, a release the page cannot run is answered
 * with the outdated notice, and each attempt after a failure fetches the remote's entry afresh.
 */
export function RemoteWidget<P extends object>({ name, load, props }: RemoteWidgetProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers a failed import forever.
  const Widget = useMemo(() => lazy(load), [load, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <WidgetBoundary key={attempt} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label={`Loading ${name.toLowerCase()}…`} />}>
        <Widget {...props} />
      </Suspense>
    </WidgetBoundary>
  );
}

interface BoundaryProps {
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

class WidgetBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`${this.props.name} failed to load:`, error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        variant="destructive"
        title={`${this.props.name} could not load`}
        action={
          <Button size="sm" variant="outline" onClick={this.props.onRetry}>
            Retry
          </Button>
        }
      >
        {typeof navigator !== 'undefined' && !navigator.onLine
          ? "You're offline and this part hasn't been saved on this device yet."
          : 'Something went wrong while loading it. Please try again.'}
      </Alert>
    );
  }
}
