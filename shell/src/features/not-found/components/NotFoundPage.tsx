import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { NOT_FOUND_TITLE } from '@logbook/contracts/messages';
import { BrandLink } from '@logbook/ui/BrandLink';
import { paths } from '@logbook/shell-context/routes';
import { SiteFooter } from '../../../lib/SiteFooter';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="auth">
      <header className="site-header">
        <div className="site-container site-header__inner">
          <BrandLink />
        </div>
      </header>
      <main id="main" className="auth__main">
        <div className="not-found">
          <p className="not-found__code" aria-hidden="true">
            404
          </p>
          <h1 className="not-found__title">{NOT_FOUND_TITLE}</h1>
          <p className="not-found__text">
            There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
          </p>
          <Link to={paths.home} className={buttonClass('primary')}>
            Go to home page
          </Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
