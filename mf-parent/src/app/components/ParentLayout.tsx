import { PageFrame, type PageFrameProps } from '@logbook/ui/shared';
import { AccountHeader } from '../../features/account/components/AccountHeader';
import '../parent.css';

/** Every parent screen: the account header (its email once the account is known), then the screen's page. */
export function ParentLayout({ email, ...page }: PageFrameProps & { email?: string }) {
  return (
    <div className="pp-root">
      <AccountHeader email={email} />
      <PageFrame {...page} />
    </div>
  );
}
