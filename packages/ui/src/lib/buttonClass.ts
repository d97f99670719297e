import { cx } from './cx';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Button looks as a class list, so links (react-router's Link, <a>) can look like buttons too. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cx('ll-btn', `ll-btn--${variant}`, `ll-btn--${size}`, extra);
}
