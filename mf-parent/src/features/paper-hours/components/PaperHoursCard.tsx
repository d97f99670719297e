import useSWR from 'swr';
import { Card, Spinner } from '@logbook/ui/shared';
import type { Student } from '@logbook/contracts/view';
import { PAPER_HOURS_ANCHOR } from '@logbook/shell-context/shared';
import { paperHoursKey } from '../../../lib/apiKeys';
import { LoadProblem } from '../../../lib/LoadProblem';
import { fetchPaperHours } from '../api/paperHours';
import { useSavePaperHours } from '../hooks/useSavePaperHours';
import { paperHoursToFormValues } from '../utils/paperHoursForm';
import { PaperHoursForm } from './PaperHoursForm';

/** Hours a student logged in a paper log book before the app, which count towards the targets. */
export function PaperHoursCard({ student }: { student: Pick<Student, 'id' | 'firstName'> }) {
  // Asked again each time the screen opens.
  const {
    data: balance,
    error,
    mutate,
  } = useSWR(paperHoursKey(student.id), fetchPaperHours, { revalidateOnMount: true });
  const { save, pending } = useSavePaperHours(student);

  let body;
  if (error && !balance) {
    body = <LoadProblem what="Paper hours" onRetry={() => void mutate()} inPanel />;
  } else if (!balance) {
    body = <Spinner label="Loading paper hours…" />;
  } else {
    body = (
      <PaperHoursForm
        key={`${balance.dayHours}|${balance.nightHours}|${balance.note}`}
        initialValues={paperHoursToFormValues(balance)}
        pending={pending}
        onSave={(input) => void save(input)}
      />
    );
  }

  return (
    <Card
      id={PAPER_HOURS_ANCHOR}
      className="pp-narrow pp-paper-hours"
      title="Paper log book hours"
      description={`Hours ${student.firstName} logged in a paper log book before using Learner Logbook. They count towards the targets and are shown apart from the sessions logged here, on the dashboard and in the PDF.`}
      headingLevel={2}
      data-testid="paper-hours"
    >
      {body}
    </Card>
  );
}
