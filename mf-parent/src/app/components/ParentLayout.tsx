import type { ReactNode } from 'react';
import { AccountHeader } from '../../features/account/components/AccountHeader';
import '../parent.css';

/** Every parent screen: the account header (its email once the account is known), then the screen. */
export function ParentLayout({ email, children }: { email?: string; children: ReactNode }) {
  return (
    <div className="pp-root">
      <AccountHeader email={email} />
      {children}
    </div>
  );
}
