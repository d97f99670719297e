import type { HTMLAttributes } from 'react';
import { cx } from '../lib/cx';

export type BadgeVariant = 'default' | 'success' | 'warning' | 'destructive' | 'info' | 'outline';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, children, ...rest }: BadgeProps) {
  return (
    <span className={cx('ll-badge', `ll-badge--${variant}`, className)} {...rest}>
      {children}
    </span>
  );
}
