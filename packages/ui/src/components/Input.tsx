import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../lib/cx';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, invalid, ...rest }: InputProps) {
  return <input className={cx('ll-input', className)} aria-invalid={invalid || undefined} {...rest} />;
}
