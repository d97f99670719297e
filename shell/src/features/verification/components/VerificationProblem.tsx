import type { ReactNode } from 'react';
import { Button } from '@logbook/ui/Button';
import { AlertIcon } from '../../../lib/icons';

export interface VerificationProblemProps {
  title: string;
  children: ReactNode;
  onRetry?: () => void;
}

/** The log book could not be checked: what happened and, where it helps, a Retry. */
export function VerificationProblem({ title, children, onRetry }: VerificationProblemProps) {
  return (
    <section className="verify-problem" role="alert" aria-labelledby="verify-problem-title">
      <div className="ll-tile verify-problem__icon" aria-hidden="true">
        <AlertIcon />
      </div>
      <h1 id="verify-problem-title" className="verify-problem__title">
        {title}
      </h1>
      <div className="verify-problem__text">{children}</div>
      {onRetry && <Button onClick={onRetry}>Retry</Button>}
    </section>
  );
}
