import { useEffect, useRef, type ReactNode } from 'react';

/** What a form gives way to, focused as it appears so that a screen reader reads it at once. */
export function AuthOutcome({ testId, children }: { testId: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="auth__outcome" data-testid={testId}>
      {children}
    </div>
  );
}
