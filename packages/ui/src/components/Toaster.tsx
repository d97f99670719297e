import { dismissToast, useToasts } from '@logbook/shell-context/toasts';
import { cx } from '../lib/cx';

/** The one place toasts appear; the shell renders it once. */
export function Toaster() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <div className="ll-toaster" role="region" aria-label="Notifications">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={cx('ll-toast', t.variant === 'destructive' && 'll-toast--destructive')}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
          data-testid="toast"
        >
          <div className="ll-toast__body">
            {t.title && <p className="ll-toast__title">{t.title}</p>}
            {t.description && <p className="ll-toast__description">{t.description}</p>}
          </div>
          {t.action && (
            <button
              type="button"
              className="ll-btn ll-btn--outline ll-btn--sm ll-toast__action"
              onClick={() => {
                t.action?.onClick();
                dismissToast(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            className="ll-icon-btn ll-toast__close"
            aria-label="Close notification"
            onClick={() => dismissToast(t.id)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
