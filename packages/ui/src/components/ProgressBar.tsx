import { cx } from '../lib/cx';

export interface ProgressBarProps {
  /** Percentage; values outside 0..100 are clamped for display. */
  value: number;
  label: string;
  /** Shows the label and the percentage above the bar. */
  showLabel?: boolean;
  tone?: 'primary' | 'day' | 'night';
  className?: string;
}

export function ProgressBar({ value, label, showLabel = false, tone = 'primary', className }: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div className={cx('ll-progress', className)}>
      {showLabel && (
        <div className="ll-progress__meta">
          <span>{label}</span>
          <span>{Math.round(pct)}%</span>
        </div>
      )}
      <div
        className="ll-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
      >
        <div className={cx('ll-progress__bar', `ll-progress__bar--${tone}`)} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
