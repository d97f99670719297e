import type { LabelHTMLAttributes } from 'react';
import { cx } from '../lib/cx';

export function Label({ className, children, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label className={cx('ll-label', className)} {...rest}>
      {children}
    </label>
  );
}
