import { lazy, Suspense } from 'react';
import { paths } from '@logbook/shell-context/shared';
import { Card } from '@logbook/ui/shared';
import { useRunningDrive } from '@logbook/session-device/runningDrive';
import { StartDriveCard } from '../../features/live-drive/components/StartDriveCard';
import { startDrive } from '../../features/live-drive/utils/startDrive';
import { PanelStyles } from '../../lib/PanelStyles';

/** The running drive's card, fetched when this device has a drive running (or one is started). */
const LiveDrivePanel = lazy(() =>
  import('../../features/live-drive/components/LiveDrivePanel').then((m) => ({ default: m.LiveDrivePanel })),
);

export interface LiveDriveProps {
  studentId: number;
  /** Whose session form End Drive opens. */
  viewer: 'parent' | 'student';
  /** False while the subscription is not active: Start Drive is shown but not offered (a running drive still shows). */
  canStart?: boolean;
  /** The card title's level on the screen it is placed in (default 3, under a section's own heading). */
  headingLevel?: 2 | 3;
}

/** Start Drive and the running drive's card, for one student on this device. */
export default function LiveDrive({ studentId, viewer, canStart = true, headingLevel = 3 }: LiveDriveProps) {
  const drive = useRunningDrive(studentId);
  const start = (
    <StartDriveCard onStart={canStart ? () => startDrive(studentId) : undefined} headingLevel={headingLevel} />
  );
  return (
    <>
      <PanelStyles />
      {drive ? (
        <Suspense
          fallback={
            // Never Start Drive here: a drive is running, and its card is on its way.
            <Card className="lls-live lls-live--running" title="Drive in progress" headingLevel={headingLevel}>
              <p className="lls-live__where" role="status">
                Loading the drive…
              </p>
            </Card>
          }
        >
          <LiveDrivePanel
            studentId={studentId}
            finishPath={paths.finishDrive(studentId, viewer)}
            canStart={canStart}
            headingLevel={headingLevel}
          />
        </Suspense>
      ) : (
        start
      )}
    </>
  );
}
