import { Link, paths } from '@logbook/shell-context/shared';
import { Button, buttonClass, UnsentSessionsDialog } from '@logbook/ui/shared';
import { PRODUCT_NAME } from '@logbook/contracts/view';
import { useLogout } from '../hooks/useLogout';

/**
 * The parent's header: the product, who is signed in, Settings, Account and Logout. While the account is being
 * checked its email's line is kept, empty, so the header does not change height when it comes.
 */
export function AccountHeader({ email }: { email?: string }) {
  const { logout, pending, guard } = useLogout();
  return (
    <header className="pp-header">
      <div className="pp-header__inner">
        <Link to={paths.dashboard} className="pp-brand">
          <span className="pp-brand__mark" aria-hidden="true">
            L
          </span>
          <span className="pp-brand__name">{PRODUCT_NAME}</span>
        </Link>
        <div className="pp-header__account">
          {email === undefined ? (
            <span className="pp-header__email" aria-hidden="true">
              {'\u00a0'}
            </span>
          ) : (
            <span className="pp-header__email" data-testid="user-email" title={email}>
              {email}
            </span>
          )}
          <Link to={paths.adminSettings} className={buttonClass('outline', 'sm')}>
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <circle cx="10" cy="10" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path
                d="M10 2.5v2.2M10 15.3v2.2M2.5 10h2.2M15.3 10h2.2M4.7 4.7l1.6 1.6M13.7 13.7l1.6 1.6M4.7 15.3l1.6-1.6M13.7 6.3l1.6-1.6"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
            Settings
          </Link>
          <Link to={paths.account} className={buttonClass('outline', 'sm')}>
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <circle cx="10" cy="7" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path
                d="M3.8 17c.9-3.2 3.3-5 6.2-5s5.3 1.8 6.2 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
            Account
          </Link>
          <Button variant="ghost" size="sm" onClick={() => void logout()} pending={pending}>
            Logout
          </Button>
        </div>
        <UnsentSessionsDialog
          waiting={guard.waiting}
          stillWaiting={guard.stillWaiting}
          sending={guard.sending}
          signingOut={guard.signingOut}
          onSendNow={() => void guard.sendNow()}
          onStay={guard.stay}
          onSignOut={() => void guard.signOutAnyway()}
        />
      </div>
    </header>
  );
}
