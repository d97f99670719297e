import { Link } from '@logbook/shell-context/shared';
import { PRODUCT_NAME } from '@logbook/contracts/view';
import { buttonClass } from '@logbook/ui/shared';

export interface AppHeaderProps {
  /** Where 'Back to Dashboard' goes: the parent's or the student's dashboard. */
  dashboardPath: string;
}

/** The bar above every screen of this remote: the product title and the way back. */
export function AppHeader({ dashboardPath }: AppHeaderProps) {
  return (
    <header className="lls-header">
      <div className="lls-header__inner">
        <Link to={dashboardPath} className="lls-header__brand">
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <rect x="2" y="3" width="20" height="18" rx="4" fill="var(--ll-primary)" />
            <path d="M7 8h10M7 12h10M7 16h6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span>{PRODUCT_NAME}</span>
        </Link>
        <Link to={dashboardPath} className={buttonClass('outline', 'sm')}>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path d="M12 5 7 10l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          Back to Dashboard
        </Link>
      </div>
    </header>
  );
}
