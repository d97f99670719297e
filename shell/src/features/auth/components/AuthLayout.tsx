import type { ReactNode } from 'react';
import { BrandLink } from '@logbook/ui/BrandLink';
import { SiteFooter } from '../../../lib/SiteFooter';

export interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}

export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth">
      <header className="site-header">
        <div className="site-container site-header__inner">
          <BrandLink />
        </div>
      </header>
      <main id="main" className="auth__main">
        <div className="auth__panel">
          <div className="auth__head">
            <h1 className="auth__title">{title}</h1>
            <p className="auth__description">{description}</p>
          </div>
          {children}
          <p className="auth__switch">{footer}</p>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
