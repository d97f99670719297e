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
        <div className="auth__head">
          <h1 className="auth__title">{title}</h1>
          <p className="auth__description">{description}</p>
        </div>
        {children}
        {footer && <p className="auth__switch">{footer}</p>}
      </div>
    </PublicPage>
  );
}
