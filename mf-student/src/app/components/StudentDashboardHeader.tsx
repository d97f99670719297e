import { isActive, type StudentAuth } from '@logbook/contracts/view';
import { Badge, BrandLink, Button, UnsentSessionsDialog } from '@logbook/ui/shared';
import { useStudentLogout } from '../../features/student-auth/hooks/useStudentLogout';
import { LogoutIcon } from '../../lib/icons';

/** The student's name and status, the product mark, and Logout (which asks first while sessions wait to be sent). */
export function StudentDashboardHeader({ student }: { student: StudentAuth }) {
  const { logout, pending, guard } = useStudentLogout();
  const active = isActive(student.subscriptionStatus);
  return (
    <header className="student-header">
      <UnsentSessionsDialog
        waiting={guard.waiting}
        stillWaiting={guard.stillWaiting}
        sending={guard.sending}
        signingOut={guard.signingOut}
        onSendNow={() => void guard.sendNow()}
        onStay={guard.stay}
        onSignOut={() => void guard.signOutAnyway()}
      />
      <div className="ll-container student-header__inner">
        <div className="student-header__bar">
          <BrandLink />
          <Button variant="outline" size="sm" onClick={() => void logout()} pending={pending}>
            <LogoutIcon />
            Logout
          </Button>
        </div>
        <div className="student-header__who">
          <span className="ll-tile student-header__avatar" aria-hidden="true">
            {initials(student)}
          </span>
          <div className="student-header__text">
            <h1 className="student-header__name">
              {student.firstName} {student.lastName}
            </h1>
            <p className="student-header__role">Student Dashboard</p>
          </div>
          {/* Any status other than active reads Inactive. */}
          <Badge variant={active ? 'success' : 'outline'} data-testid="subscription-badge">
            {active ? 'Active' : 'Inactive'}
          </Badge>
        </div>
      </div>
    </header>
  );
}

const initials = (student: StudentAuth) =>
  `${student.firstName.trim().charAt(0)}${student.lastName.trim().charAt(0)}`.toUpperCase();
