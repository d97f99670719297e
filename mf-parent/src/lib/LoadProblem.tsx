import { Button } from '@logbook/ui/shared';

/** A part of a screen that could not be loaded ("Progress could not be loaded."), with a button that asks again. */
export function LoadProblem({ what, onRetry, inPanel }: { what: string; onRetry: () => void; inPanel?: boolean }) {
  return (
    <div className={inPanel ? 'pp-problem pp-panel__error' : 'pp-problem'} role="alert">
      <p>{what} could not be loaded.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
