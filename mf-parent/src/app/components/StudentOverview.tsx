import type { Student } from '@logbook/contracts/view';
import { DraftSessionsPanel } from '../../features/drafts/components/DraftSessionsPanel';
import { ProgressPanel } from '../../features/progress/components/ProgressPanel';
import { RunningDriveLine } from '../../features/running-drive/components/RunningDriveLine';
import { StudentLoginPanel } from '../../features/student-login/components/StudentLoginPanel';
import { StudentCard } from '../../features/students/components/StudentCard';

/** One student on the dashboard: the card, then the login and progress panels, then the drafts saved on this device. */
export function StudentOverview({ student }: { student: Student }) {
  return (
    <li className="pp-student" data-testid="student-overview" data-student-id={student.id}>
      <StudentCard student={student} />
      <RunningDriveLine studentId={student.id} />
      <div className="pp-student__panels">
        <StudentLoginPanel student={student} />
        <ProgressPanel student={student} />
      </div>
      <DraftSessionsPanel studentId={student.id} />
    </li>
  );
}
