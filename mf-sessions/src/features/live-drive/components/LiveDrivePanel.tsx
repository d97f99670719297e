import { useState } from 'react';
import { Link, useNavigate, toast } from '@logbook/shell-context/shared';
import { formatHoursMinutes } from '@logbook/contracts/view';
import { Button, Card, Dialog, buttonClass } from '@logbook/ui/shared';
import { elapsedMinutes, elapsedText, elapsedWords } from '@logbook/session-device/runningDrive';
import { useLiveDrive } from '../hooks/useLiveDrive';
import { useNow } from '../hooks/useNow';
import { isLongDrive } from '../utils/driveEnd';
import { EndTimeDialog } from './EndTimeDialog';
import { StartDriveCard } from './StartDriveCard';

export interface LiveDrivePanelProps {
  studentId: number;
  /** Where End Drive goes: the session form that fills itself from the ended drive. */
  finishPath: string;
  /** False while a subscription is not active: Start Drive is not offered. */
  canStart?: boolean;
  /** The card title's level, so the card fits the outline of the screen it is on. */
  headingLevel?: 2 | 3;
}

function seconds(startedAt: string, now: Date) {
  const total = Math.max(0, Math.floor((now.getTime() - Date.parse(startedAt)) / 1000));
  return String(total % 60).padStart(2, '0');
}

/** Start Drive, then the running drive's card: the time ticking, where it started, End Drive and Discard. */
export function LiveDrivePanel({ studentId, finishPath, canStart = true, headingLevel = 3 }: LiveDrivePanelProps) {
  const { drive, start, end, ending, discard } = useLiveDrive(studentId);
  const navigate = useNavigate();
  const now = useNow(1_000, drive !== undefined && drive !== null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [askEnd, setAskEnd] = useState(false);

  const finish = async (endedAt: Date, locate: boolean) => {
    if (await end(endedAt, { locate })) {
      setAskEnd(false);
      navigate(finishPath);
    } else {
      toast({ title: 'The drive could not be ended', description: 'Please try again.', variant: 'destructive' });
    }
  };

  const onDiscard = () => {
    discard();
    setConfirmDiscard(false);
    toast({ title: 'Drive discarded' });
  };

  if (!drive) {
    return canStart ? <StartDriveCard onStart={start} headingLevel={headingLevel} /> : null;
  }

  const elapsed = elapsedMinutes(drive, now);
  const { ended } = drive;
  const length = ended && formatHoursMinutes(drive.startTime, ended.endTime);
  return (
    <Card
      className={ended ? 'lls-live lls-live--ended' : 'lls-live lls-live--running'}
      title={ended ? 'Drive ended' : 'Drive in progress'}
      headingLevel={headingLevel}
      data-testid="running-drive"
    >
      {ended ? (
        <>
          <p className="lls-live__where">
            {drive.startTime}–{ended.endTime}
            {length ? ` (${length})` : ''}
            {drive.startSuburb || ended.endSuburb ? ` · ${drive.startSuburb || '—'} → ${ended.endSuburb || '—'}` : ''}
          </p>
          <p className="lls-live__note">Finish the conditions and signatures to log it.</p>
        </>
      ) : (
        <>
          <p className="lls-live__clock">
            <span role="timer" aria-label={`Driving for ${elapsedWords(elapsed)}`} className="lls-live__elapsed">
              {elapsedText(elapsed)}
              <span className="lls-live__seconds" aria-hidden="true">
                :{seconds(drive.startedAt, now)}
              </span>
            </span>
          </p>
          <p className="lls-live__where">
            Started at {drive.startTime}
            {drive.startSuburb ? ` in ${drive.startSuburb}` : ''}
          </p>
          {!drive.startSuburb && <p className="lls-live__note">The start suburb can be typed in when you finish.</p>}
        </>
      )}
      <div className="lls-live__actions">
        {ended ? (
          <Link to={finishPath} className={buttonClass('primary', 'md')}>
            Finish logging
          </Link>
        ) : (
          <Button
            onClick={() => (isLongDrive(elapsed) ? setAskEnd(true) : void finish(new Date(), true))}
            pending={ending && !askEnd}
          >
            End Drive
          </Button>
        )}
        <Button variant="outline" onClick={() => setConfirmDiscard(true)} disabled={ending}>
          Discard
        </Button>
      </div>
      {askEnd && (
        <EndTimeDialog
          onOpenChange={setAskEnd}
          drive={drive}
          elapsed={elapsed}
          pending={ending}
          onEnd={(endedAt) => void finish(endedAt, false)}
        />
      )}
      {/* Discarding a drive cannot be undone: asked first. */}
      <Dialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        size="sm"
        title="Discard this drive?"
        description="The times and suburbs recorded for it are forgotten and nothing is logged."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmDiscard(false)}>
              Keep the drive
            </Button>
            <Button variant="destructive" onClick={onDiscard}>
              Discard drive
            </Button>
          </>
        }
      />
    </Card>
  );
}
