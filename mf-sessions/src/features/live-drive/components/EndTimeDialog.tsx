import { useId, useState, type FormEvent } from 'react';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/view';
import { Button, Dialog, TextField } from '@logbook/ui/shared';
import { elapsedWords, type RunningDrive } from '@logbook/session-device/runningDrive';
import { endTimeProblem } from '../utils/driveEnd';

/** The dialog is drawn only while the question is asked, so it is always open. */
export interface EndTimeDialogProps {
  onOpenChange: (open: boolean) => void;
  drive: RunningDrive;
  elapsed: number;
  pending?: boolean;
  onEnd: (endedAt: Date) => void;
}

/** A drive left running for hours was most likely forgotten: ask when it really ended. */
export function EndTimeDialog({ onOpenChange, drive, elapsed, pending, onEnd }: EndTimeDialogProps) {
  const formId = useId();
  const [date, setDate] = useState(drive.date);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = endTimeProblem(drive, date, time, new Date());
    setError(problem);
    if (!problem) onEnd(new Date(`${date}T${time}:00`));
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="When did the drive end?"
      description={`This drive has been running for ${elapsedWords(elapsed)}, since ${drive.startTime}. Enter when it really ended.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} pending={pending}>
            End Drive
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="lls-fields lls-fields--2">
        <TextField
          label="End date"
          type="date"
          name="endDate"
          min={drive.date}
          max={localDateISO()}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <TextField
          label="End time"
          error={error}
          type="time"
          name="endTime"
          placeholder={localTimeHHMM()}
          value={time}
          onChange={(e) => setTime(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
