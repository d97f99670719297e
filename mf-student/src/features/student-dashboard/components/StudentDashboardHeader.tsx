import type { ReactNode } from 'react';
import type { StudentAuth } from '@logbook/contracts/schemas';
import { Button } from '@logbook/ui/Button';
import { StudentStatusBadge } from './StudentStatusBadge';

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
      <div className="student-header__inner">
        <div className="student-header__bar">
          {brand}
          <Button variant="outline" size="sm" onClick={onLogout} pending={logoutPending}>
            <LogoutIcon />
            Logout
          </Button>
        </div>
        <div className="student-header__who">
          <span className="student-header__avatar" aria-hidden="true">
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

function LogoutIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5" />
      <path d="M21 12H9" />
    </svg>
  );
}
