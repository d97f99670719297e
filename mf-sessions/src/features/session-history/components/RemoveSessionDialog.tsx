import { useId, useState, type FormEvent } from 'react';
import { formatDisplayDate } from '@logbook/contracts/view';
import { Button, Dialog } from '@logbook/ui/shared';
import { ChangeReasonField } from '../../../lib/ChangeReasonField';
import { changeFailureMessage, postRemoval, reasonProblem } from '../../../lib/sessionChanges';

export interface RemoveSessionDialogProps {
  session: { id: number; date: string; startTime: string; endTime: string };
  onClose: () => void;
  onRemoved: () => void;
}

/** Remove asks why: the entry stays in the book, struck out with the reason, and stops counting. */
export default function RemoveSessionDialog({ session, onClose, onRemoved }: RemoveSessionDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = reasonProblem(reason);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await postRemoval(session.id, reason);
      onRemoved();
    } catch (failure) {
      setError(changeFailureMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      size="sm"
      title="Remove this session?"
      description={`The session of ${formatDisplayDate(session.date)}, ${session.startTime}–${session.endTime}, stays in the log book struck out with your reason, and its hours stop counting.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Keep it
          </Button>
          <Button variant="destructive" type="submit" form={formId} pending={pending}>
            Remove session
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <ChangeReasonField label="Reason for removing it" reason={reason} error={error} onChange={setReason} />
      </form>
    </Dialog>
  );
}
