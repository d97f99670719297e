import { Link, paths } from '@logbook/shell-context/shared';
import { Button, buttonClass, UnsentSessionsDialog } from '@logbook/ui/shared';
import { PRODUCT_NAME } from '@logbook/contracts/view';
import { AccountIcon, SettingsIcon } from '../../../lib/icons';
import { useLogout } from '../hooks/useLogout';

/**
 * The parent's header: the product, who is signed in, Settings, Account and Logout. While the account is being
 * checked its email's line is kept, empty, so the header does not change height when it comes.
 */
export function AccountHeader({ email }: { email?: string }) {
  const { logout, pending, guard } = useLogout();
  return (
    <header className="pp-header">
      <div className="ll-container pp-header__inner">
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
            <SettingsIcon />
            Settings
          </Link>
          <Link to={paths.account} className={buttonClass('outline', 'sm')}>
            <AccountIcon />
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
