import type { ReactNode } from 'react';
import { PublicPage } from '../../../lib/PublicPage';

export interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <PublicPage mainClassName="auth__main">
      <div className="ll-panel">
        <div className="ll-panel__head">
          <h1 className="ll-panel__title">{title}</h1>
          <p className="ll-panel__description">{description}</p>
        </div>
        {children}
        {footer && <p className="ll-panel__switch">{footer}</p>}
      </div>
    </PublicPage>
  );
}
