import { Link } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { BrandLink } from '@logbook/ui/BrandLink';
import { paths } from '@logbook/shell-context/routes';

export function LandingHeader() {
  return (
    <header className="site-header">
      <div className="ll-container site-header__inner">
        <BrandLink />
        <nav aria-label="Account" className="site-header__nav">
          <Link to={paths.login} className={buttonClass('outline', 'sm')}>
            Parent Login
          </Link>
        </nav>
      </div>
    </header>
  );
}
