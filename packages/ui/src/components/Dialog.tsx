import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
}

/** A modal on the native <dialog>: the browser keeps focus inside, Escape closes it, focus returns on close. */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={cx('ll-dialog', `ll-dialog--${size}`)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onOpenChange(false);
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (e.target === e.currentTarget) onOpenChange(false);
      }}
    >
      {open && (
        <div className="ll-dialog__panel">
          <header className="ll-dialog__header">
            <h2 id={titleId} className="ll-dialog__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="ll-dialog__description">
                {description}
              </p>
            )}
            <button
              type="button"
              className="ll-icon-btn ll-dialog__close"
              aria-label="Close"
              onClick={() => onOpenChange(false)}
            >
              <svg viewBox="0 0 20 20" aria-hidden="true">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          {children && <div className="ll-dialog__body">{children}</div>}
          {footer && <footer className="ll-actions ll-actions--end">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
