import type { ReactNode } from 'react';
import { BrandLink } from '@logbook/ui/BrandLink';
import { SiteFooter } from './SiteFooter';

/** A page anyone can open: the brand in the header, the page's own main region, the site's footer. */
export function PublicPage({ mainClassName, children }: { mainClassName: string; children: ReactNode }) {
  return (
    <div className="auth">
      <header className="site-header">
        <div className="ll-container site-header__inner">
          <BrandLink />
        </div>
      </header>
      <main id="main" className={mainClassName}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
