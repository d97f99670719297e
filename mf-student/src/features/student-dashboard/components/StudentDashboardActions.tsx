import { Link } from '@logbook/shell-context/routing';
import { Button } from '@logbook/ui/Button';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { paths } from '@logbook/shell-context/routes';
import { openSessionsPdf } from '../api/sessionsPdf';

export interface StudentDashboardActionsProps {
  studentId: number;
  firstName: string;
}

export function StudentDashboardActions({ studentId, firstName }: StudentDashboardActionsProps) {
  return (
    <div className="student-actions">
      <div className="student-actions__intro">
        <h2 className="student-actions__title">Hi {firstName}, ready for a drive?</h2>
        <p className="student-actions__text">Log each supervised session with both signatures to build your hours.</p>
      </div>
      <div className="student-actions__buttons">
        <Button variant="outline" onClick={() => openSessionsPdf(studentId)}>
          <DownloadIcon />
          Download PDF
        </Button>
        <Link to={paths.studentNewSession(studentId)} className={buttonClass('primary')}>
          <PlusIcon />
          New Session
        </Link>
      </div>
    </div>
  );
}

function DownloadIcon() {
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
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}
