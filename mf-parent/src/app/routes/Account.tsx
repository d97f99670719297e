import { Spinner } from '@logbook/ui/shared';
import { BackLink } from '../components/BackLink';
import { useStudents } from '@logbook/shell-context/shared';
import { ChangePasswordCard } from '../../features/account/components/ChangePasswordCard';
import { DeleteAccountCard } from '../../features/account/components/DeleteAccountCard';
import { FamilyCard } from '../../features/account/components/FamilyCard';
import { DownloadDataCard } from '../../features/account/components/DownloadDataCard';
import '../../features/account/components/account.css';
import { useRequireParent } from '../../lib/useRequireParent';
import { ParentLayout } from '../components/ParentLayout';

/** /account: the family's guardians, change password, download the family's data, delete the account. */
export default function Account() {
  const { user, checking } = useRequireParent();
  // Names the students the deletion removes; while they load (or if they cannot) it speaks of them all.
  const { data: students } = useStudents(Boolean(user));

  if (checking || !user) return <Spinner label="Loading…" />;

  return (
    <ParentLayout
      email={user.email}
      title="Account"
      subtitle="Your family’s guardians, your password, your family’s data, and closing your account."
      actions={<BackLink />}
    >
      <div className="pp-stack pp-narrow">
        <FamilyCard />
        <ChangePasswordCard />
        <DownloadDataCard />
        <DeleteAccountCard email={user.email} students={students} />
      </div>
    </ParentLayout>
  );
}
