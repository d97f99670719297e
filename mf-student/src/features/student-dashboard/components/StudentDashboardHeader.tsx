import type { ReactNode } from 'react';
import type { StudentAuth } from '@logbook/contracts/view';
import { Button } from '@logbook/ui/shared';
import { StudentStatusBadge } from './StudentStatusBadge';
import { LogoutIcon } from '../../../lib/icons';

export interface StudentDashboardHeaderProps {
  student: StudentAuth;
  /** The product mark, drawn by the app. */
  brand: ReactNode;
  onLogout: () => void;
  logoutPending: boolean;
}

export function StudentDashboardHeader({ student, brand, onLogout, logoutPending }: StudentDashboardHeaderProps) {
  return (
    <header className="student-header">
      <div className="ll-container student-header__inner">
        <div className="student-header__bar">
          {brand}
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
          <StudentStatusBadge subscriptionStatus={student.subscriptionStatus} />
        </div>
      </div>
    </header>
  );
}

const initials = (student: StudentAuth) =>
  `${student.firstName.trim().charAt(0)}${student.lastName.trim().charAt(0)}`.toUpperCase();
