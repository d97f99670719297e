import { useState } from 'react';
import { mutate } from 'swr';
import { toast } from '@logbook/shell-context/shared';
import type { HistoryEntry } from '../../../lib/sessionHistory';
import { isStudentSessionsKey } from '../../../lib/sessionKeys';
import { sessionPayload, type SupervisorChoice } from '../../../lib/sessionValues';
import { focusFirstProblem, noProblems } from '../utils/focusFirstProblem';
import type { SessionFormProps } from '../utils/sessionFormProps';
import type { SessionFormApi } from './useSessionForm';

/** Corrections' code is fetched when a correction is sent or its reason checked, not with the new-session screen. */
const sessionChanges = () => import('../../../lib/sessionChanges');

/**
 * Correcting a logged entry: why (checked as it is typed once it was refused), then the corrected entry posted. The
 * reason, its problem, the failure, whether it is being sent, and what changes the reason and sends it.
 */
export function useCorrection(
  { studentId, onFinished }: Pick<SessionFormProps, 'studentId' | 'onFinished'>,
  form: SessionFormApi,
  supervisor: () => SupervisorChoice,
) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const changeReason = (text: string) => {
    setReason(text);
    if (reasonError) void sessionChanges().then(({ reasonProblem }) => setReasonError(reasonProblem(text)));
  };

  const submitCorrection = async (entry: HistoryEntry) => {
    setFailure(null);
    const { changeFailureMessage, postCorrection, reasonProblem } = await sessionChanges();
    const problem = reasonProblem(reason);
    setReasonError(problem);
    const problems = form.validateAll();
    if (problem || !noProblems(problems)) return focusFirstProblem();
    setPending(true);
    try {
      const { values, clientId, location } = form.latest();
      const payload = sessionPayload(values, studentId, clientId, location?.coordinates, supervisor());
      await postCorrection(entry.id, payload, reason);
      form.discardDraft();
      // The history screen is not open now: its cached list and summary are dropped, so it reads them afresh.
      await mutate(isStudentSessionsKey(studentId), undefined, { revalidate: true });
      toast({ title: 'Session corrected' });
      onFinished();
    } catch (error) {
      setFailure(changeFailureMessage(error));
    } finally {
      setPending(false);
    }
  };

  return { reason, reasonError, failure, pending, changeReason, submitCorrection };
}
