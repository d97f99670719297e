import { useEffect, useState } from 'react';
import './runningDrive.css';
import { Link, paths } from '@logbook/shell-context/shared';
import { buttonClass } from '@logbook/ui/shared';
import { elapsedMinutes, elapsedWords, useRunningDrive } from '@logbook/session-device/runningDrive';

/** A drive being timed on this device for the student: how long it has run, where it started, and a way to it. */
export function RunningDriveLine({ studentId }: { studentId: number }) {
  const drive = useRunningDrive(studentId);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!drive || drive.ended) return;
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [drive]);
  if (!drive) return null;

  const where = drive.startSuburb ? ` in ${drive.startSuburb}` : '';
  return (
    <div className="pp-running-drive" data-testid="running-drive-line">
      <span className="pp-running-drive__dot" aria-hidden="true" />
      <p className="pp-running-drive__text">
        {drive.ended ? (
          <>
            <strong>Drive ended</strong>, not logged yet: {drive.startTime}–{drive.ended.endTime}
            {where}
          </>
        ) : (
          <>
            <strong>Drive in progress</strong> for{' '}
            {elapsedWords(elapsedMinutes(drive, new Date(Math.max(now.getTime(), Date.now()))))}, started at{' '}
            {drive.startTime}
            {where}
          </>
        )}
      </p>
      <Link
        to={drive.ended ? paths.finishDrive(studentId, 'parent') : paths.studentSessions(studentId)}
        className={buttonClass('outline', 'sm')}
      >
        {drive.ended ? 'Finish logging' : 'Open drive'}
      </Link>
    </div>
  );
}
