import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The page heading and body width every screen shares, whichever remote draws it. */
export function PageFrame({ title, subtitle, actions, children }: PageFrameProps) {
  return (
    <div className="ll-page">
      <div className="ll-page__head">
        <div>
          <h1 className="ll-page__title">{title}</h1>
          {subtitle && <p className="ll-page__subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="ll-page__actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
