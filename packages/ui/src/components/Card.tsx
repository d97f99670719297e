import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Heading level of the title, so cards fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  icon?: ReactNode;
  footer?: ReactNode;
}

export function Card({ title, description, headingLevel = 3, icon, footer, className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx('ll-card', className)} {...rest}>
      {(title || description || icon) && (
        <header className="ll-card__header">
          {icon && <div className="ll-tile ll-card__icon">{icon}</div>}
          {title && <Heading className="ll-card__title">{title}</Heading>}
          {description && <p className="ll-card__description">{description}</p>}
        </header>
      )}
      {children !== undefined && <div className="ll-card__content">{children}</div>}
      {footer && <footer className="ll-actions ll-card__footer">{footer}</footer>}
    </section>
  );
}
