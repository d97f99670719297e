export interface SpinnerProps {
  label?: string;
}

/** A busy indicator with text for screen readers and, when given, on screen. */
export function Spinner({ label = 'Loading…' }: SpinnerProps) {
  return (
    <div className="ll-loading" role="status" aria-live="polite">
      <span className="ll-spinner ll-spinner--lg" aria-hidden="true" />
      <span className="ll-loading__text">{label}</span>
    </div>
  );
}
