import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { NOT_FOUND_TITLE } from '@logbook/contracts/messages';
import { paths } from '@logbook/shell-context/routes';
import { PublicPage } from '../../../lib/PublicPage';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PublicPage mainClassName="auth__main">
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
    </PublicPage>
  );
}
