import { paths } from '@logbook/shell-context/shared';
import { LiveDrivePanel } from '../../features/live-drive/components/LiveDrivePanel';
import { SessionsStyles } from '../../lib/SessionsStyles';
import { PanelStyles } from '../../lib/PanelStyles';

export interface LiveDriveProps {
  studentId: number;
  /** Whose session form End Drive opens. */
  viewer: 'parent' | 'student';
  /** False while the subscription is not active: Start Drive is not offered (a running drive still shows). */
  canStart?: boolean;
  /** The card title's level on the screen it is placed in (default 3, under a section's own heading). */
  headingLevel?: 2 | 3;
}

/** Start Drive and the running drive's card, for one student on this device. */
export default function LiveDrive({ studentId, viewer, canStart = true, headingLevel = 3 }: LiveDriveProps) {
  return (
    <>
      <SessionsStyles />
      <PanelStyles />
      <LiveDrivePanel
        studentId={studentId}
        finishPath={paths.finishDrive(studentId, viewer)}
        canStart={canStart}
        headingLevel={headingLevel}
      />
    </>
  );
}
