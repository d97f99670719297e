import { isActive, type StudentAuth } from '@logbook/contracts/view';
import { Badge, BrandLink, Button } from '@logbook/ui/shared';
import { LogoutIcon } from '../../../lib/icons';

export interface StudentDashboardHeaderProps {
  student: StudentAuth;
  onLogout: () => void;
  logoutPending: boolean;
}

/** The student's name and status, the product mark, and Logout. */
export function StudentDashboardHeader({ student, onLogout, logoutPending }: StudentDashboardHeaderProps) {
  const active = isActive(student.subscriptionStatus);
  return (
    <header className="student-header">
      <div className="ll-container student-header__inner">
        <div className="student-header__bar">
          <BrandLink />
          <Button variant="outline" size="sm" onClick={onLogout} pending={logoutPending}>
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
