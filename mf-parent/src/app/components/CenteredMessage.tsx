import type { ReactNode } from 'react';
import { Alert } from '@logbook/ui/shared';

/** A screen-wide message (not found, could not load) with what to do next. */
export function CenteredMessage({
  title,
  children,
  action,
  variant = 'destructive',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  variant?: 'destructive' | 'warning' | 'info';
}) {
  return (
    <div className="pp-narrow">
      <Alert variant={variant} title={title}>
        {children}
        {action && <div className="pp-narrow__action">{action}</div>}
      </Alert>
    </div>
  );
}
