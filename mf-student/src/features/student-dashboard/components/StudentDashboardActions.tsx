import { Link, paths } from '@logbook/shell-context/shared';
import { Button, buttonClass } from '@logbook/ui/shared';
import { openSessionsPdf } from '../api/sessionsPdf';
import { DownloadIcon, PlusIcon } from '../../../lib/icons';

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
      <div className="ll-actions student-actions__buttons">
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
