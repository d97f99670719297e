import { Link } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { Logo } from '../../../lib/Logo';

export function LandingHeader() {
  return (
    <header className="site-header">
      <div className="site-container site-header__inner">
        <Logo />
        <nav aria-label="Account" className="site-header__nav">
          <Link to="/login" className={buttonClass('outline', 'sm')}>
            Parent Login
          </Link>
        </nav>
      </div>
    </header>
  );
}
