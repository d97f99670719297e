import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface AlertProps {
  title: ReactNode;
  children?: ReactNode;
  variant?: 'info' | 'warning' | 'destructive' | 'success';
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function Alert({ title, children, variant = 'info', icon, action, className }: AlertProps) {
  return (
    <div
      className={cx('ll-alert', `ll-alert--${variant}`, className)}
      role={variant === 'destructive' ? 'alert' : 'status'}
    >
      {icon && (
        <div className="ll-alert__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <div className="ll-alert__body">
        <p className="ll-alert__title">{title}</p>
        {children && <div className="ll-alert__text">{children}</div>}
      </div>
      {action && <div className="ll-alert__action">{action}</div>}
    </div>
  );
}
