import type { TimeOfDayHint } from '../utils/timeOfDayHint';

export interface TimeOfDaySuggestionProps {
  id: string;
  hint: TimeOfDayHint | null;
  /** The Time of Day the form holds now. */
  value: string;
  onUse: (timeOfDay: TimeOfDayHint['timeOfDay']) => void;
  disabled?: boolean;
}

function SkyIcon({ night }: { night: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="lls-sky__icon">
      {night ? (
        <path d="M15.5 12.6A6.5 6.5 0 0 1 7.4 4.5a6.5 6.5 0 1 0 8.1 8.1Z" fill="currentColor" />
      ) : (
        <g stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none">
          <circle cx="10" cy="10" r="3.4" fill="currentColor" />
          <path d="M10 1.8v2.1M10 16.1v2.1M1.8 10h2.1M16.1 10h2.1M4.2 4.2l1.5 1.5M14.3 14.3l1.5 1.5M4.2 15.8l1.5-1.5M14.3 5.7l1.5-1.5" />
        </g>
      )}
    </svg>
  );
}

/** Day or Night from the sun for the date and times on the form, with the reason; the person's choice stands. */
export function TimeOfDaySuggestion({ id, hint, value, onUse, disabled }: TimeOfDaySuggestionProps) {
  const differs = hint !== null && value !== hint.timeOfDay;
  return (
    <div id={id} className="lls-sky" aria-live="polite" data-testid="time-of-day-suggestion">
      {hint && (
        <div className={`lls-sky__box lls-sky__box--${hint.timeOfDay}`}>
          <SkyIcon night={hint.timeOfDay === 'night'} />
          <p className="lls-sky__text">
            <strong>
              {differs ? `The sun suggests ${hint.label}` : `${hint.label}, from the sun`}
              {': '}
            </strong>
            {hint.reason}.
          </p>
          {differs && (
            <button
              type="button"
              className="ll-btn ll-btn--outline ll-btn--sm lls-sky__use"
              onClick={() => onUse(hint.timeOfDay)}
              disabled={disabled}
            >
              Use {hint.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
