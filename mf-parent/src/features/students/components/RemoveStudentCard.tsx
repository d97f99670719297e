import { useState } from 'react';
import { Button, Card, Dialog, buttonClass } from '@logbook/ui/shared';
import type { Student } from '@logbook/contracts/view';
import { sessionsPdfUrl } from '../../../lib/apiKeys';
import { useProgressSummary } from '../../../lib/progressSummaries';
import { useRemoveStudent } from '../hooks/useRemoveStudent';
import { removalText } from '../utils/removalText';

/**
 * Remove student, on the Edit Student screen. The confirmation names the student and how many sessions go with them,
 * so it opens once the sessions are counted (or could not be), and offers their PDF log book first.
 */
export function RemoveStudentCard({ student }: { student: Student }) {
  const [asked, setAsked] = useState(false);
  const name = `${student.firstName} ${student.lastName}`;
  const { data: summary, error } = useProgressSummary(asked ? student.id : null);
  const count = summary?.sessionCount;
  const { remove, pending } = useRemoveStudent(student);
  const open = asked && (count !== undefined || Boolean(error));

  return (
    <Card
      title="Remove student"
      className="pp-narrow"
      description={`Removes ${name} from your account for good, with their sessions, student login and subscription.`}
      data-testid="remove-student"
    >
      <Button variant="destructive" onClick={() => setAsked(true)} pending={asked && !open}>
        {asked && !open ? 'Counting sessions...' : 'Remove student'}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !pending && setAsked(next)}
        title={`Remove ${name}?`}
        description={removalText(student, count)}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setAsked(false)} disabled={pending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void remove()} pending={pending}>
              {pending ? 'Removing...' : `Remove ${student.firstName}`}
            </Button>
          </>
        }
      >
        <div className="pp-stack">
          <p>Keep a copy of {student.firstName}&apos;s log book before it goes.</p>
          <p>
            <a href={sessionsPdfUrl(student.id)} download className={buttonClass('outline', 'sm')}>
              Download {student.firstName}&apos;s PDF log book
            </a>
          </p>
        </div>
      </Dialog>
    </Card>
  );
}
